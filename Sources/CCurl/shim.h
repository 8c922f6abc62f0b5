#ifndef DAILY_DOSE_CCURL_SHIM_H
#define DAILY_DOSE_CCURL_SHIM_H
// curl.h's GCC type-check layer turns curl_easy_setopt into a macro; the wrappers below check types themselves.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
// one non-variadic wrapper per argument type.

static inline CURLcode dd_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode dd_curl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode dd_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share the signature.
static inline CURLcode dd_curl_easy_setopt_write_callback(CURL *handle, CURLoption option,
                                                         curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode dd_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode dd_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode dd_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode dd_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode dd_curl_multi_setopt_socket_callback(CURLM *multi, curl_socket_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}

static inline CURLMcode dd_curl_multi_setopt_timer_callback(CURLM *multi, curl_multi_timer_callback callback) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

/// Macros Swift does not import (an expression of other macros).
static inline long dd_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }
static inline curl_socket_t dd_curl_socket_timeout(void) { return CURL_SOCKET_TIMEOUT; }

#endif
