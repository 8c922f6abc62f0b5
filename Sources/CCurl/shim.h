#ifndef DAILY_DOSE_CCURL_SHIM_H
#define DAILY_DOSE_CCURL_SHIM_H
// curl.h's GCC type-check layer turns curl_easy_setopt into a macro; the wrappers below check types themselves.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// libcurl is loaded when the first transfer needs it, not when `dose` starts: linked, it brings 32
// shared libraries (TLS, Kerberos, LDAP, SSH, …) that every `dose --version` or `dose today` would map
// and relocate (≈ 540 page faults). Only the header's types and constants are used at build time; the
// functions come from this table, filled once by dd_curl_api_load (Curl.swift calls it under swift_once).
typedef struct dd_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    void (*free)(void *pointer);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_socket_action)(CURLM *multi, curl_socket_t socket, int events, int *running);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
    const char *(*multi_strerror)(CURLMcode code);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *url);
    CURLUcode (*url_get)(const CURLU *url, CURLUPart part, char **content, unsigned int flags);
    CURLUcode (*url_set)(CURLU *url, CURLUPart part, const char *content, unsigned int flags);
    const char *(*url_strerror)(CURLUcode code);
} dd_curl_api;

/// Opens libcurl and fills `api`; returns NULL, or dlerror()'s text when the library or a symbol is missing.
static inline const char *dd_curl_api_load(dd_curl_api *api) {
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define DD_CURL_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return dlerror();
    DD_CURL_SYMBOL(global_init, "curl_global_init")
    DD_CURL_SYMBOL(easy_init, "curl_easy_init")
    DD_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    DD_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    DD_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    DD_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    DD_CURL_SYMBOL(free, "curl_free")
    DD_CURL_SYMBOL(slist_append, "curl_slist_append")
    DD_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
    DD_CURL_SYMBOL(multi_init, "curl_multi_init")
    DD_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup")
    DD_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle")
    DD_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    DD_CURL_SYMBOL(multi_setopt, "curl_multi_setopt")
    DD_CURL_SYMBOL(multi_socket_action, "curl_multi_socket_action")
    DD_CURL_SYMBOL(multi_info_read, "curl_multi_info_read")
    DD_CURL_SYMBOL(multi_strerror, "curl_multi_strerror")
    DD_CURL_SYMBOL(url, "curl_url")
    DD_CURL_SYMBOL(url_cleanup, "curl_url_cleanup")
    DD_CURL_SYMBOL(url_get, "curl_url_get")
    DD_CURL_SYMBOL(url_set, "curl_url_set")
    DD_CURL_SYMBOL(url_strerror, "curl_url_strerror")
#undef DD_CURL_SYMBOL
    return NULL;
}

// The variadic ones, which Swift cannot call: one non-variadic wrapper per argument type.

static inline CURLcode dd_curl_easy_setopt_long(const dd_curl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode dd_curl_easy_setopt_pointer(const dd_curl_api *api, CURL *handle, CURLoption option, const void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode dd_curl_easy_setopt_off_t(const dd_curl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share the signature.
static inline CURLcode dd_curl_easy_setopt_write_callback(const dd_curl_api *api, CURL *handle, CURLoption option,
                                                         curl_write_callback callback) {
    return api->easy_setopt(handle, option, callback);
}

static inline CURLcode dd_curl_easy_getinfo_long(const dd_curl_api *api, CURL *handle, CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}

static inline CURLcode dd_curl_easy_getinfo_off_t(const dd_curl_api *api, CURL *handle, CURLINFO info, curl_off_t *value) {
    return api->easy_getinfo(handle, info, value);
}

static inline CURLcode dd_curl_easy_getinfo_string(const dd_curl_api *api, CURL *handle, CURLINFO info, char **value) {
    return api->easy_getinfo(handle, info, value);
}

static inline CURLMcode dd_curl_multi_setopt_pointer(const dd_curl_api *api, CURLM *multi, CURLMoption option, void *value) {
    return api->multi_setopt(multi, option, value);
}

static inline CURLMcode dd_curl_multi_setopt_socket_callback(const dd_curl_api *api, CURLM *multi, curl_socket_callback callback) {
    return api->multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, callback);
}

static inline CURLMcode dd_curl_multi_setopt_timer_callback(const dd_curl_api *api, CURLM *multi, curl_multi_timer_callback callback) {
    return api->multi_setopt(multi, CURLMOPT_TIMERFUNCTION, callback);
}

/// Macros Swift does not import (an expression of other macros).
static inline long dd_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }
static inline curl_socket_t dd_curl_socket_timeout(void) { return CURL_SOCKET_TIMEOUT; }

#endif
