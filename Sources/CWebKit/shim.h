#ifndef DAILY_DOSE_CWEBKIT_SHIM_H
#define DAILY_DOSE_CWEBKIT_SHIM_H
#include <webkit/webkit.h>

static inline WebKitWebView *dd_webkit_web_view(gpointer p) { return WEBKIT_WEB_VIEW(p); }
static inline WebKitPolicyDecision *dd_webkit_policy_decision(gpointer p) { return WEBKIT_POLICY_DECISION(p); }
static inline WebKitNavigationPolicyDecision *dd_webkit_navigation_policy_decision(gpointer p) {
    return WEBKIT_NAVIGATION_POLICY_DECISION(p);
}

#endif
