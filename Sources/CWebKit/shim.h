#ifndef DAILY_DOSE_CWEBKIT_SHIM_H
#define DAILY_DOSE_CWEBKIT_SHIM_H
#include <webkit/webkit.h>

static inline WebKitWebView *dd_webkit_web_view(gpointer p) { return WEBKIT_WEB_VIEW(p); }
static inline WebKitPolicyDecision *dd_webkit_policy_decision(gpointer p) { return WEBKIT_POLICY_DECISION(p); }
static inline WebKitNavigationPolicyDecision *dd_webkit_navigation_policy_decision(gpointer p) {
    return WEBKIT_NAVIGATION_POLICY_DECISION(p);
}

/// g_object_new is variadic: a web view sharing `related`'s web process (the window's second page, the quiz).
static inline GtkWidget *dd_webkit_web_view_new_related(gpointer related) {
    return GTK_WIDGET(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, NULL));
}

/// JSC_VALUE is a cast macro: a script message's value as a number (NaN for anything else).
static inline double dd_jsc_value_number(gpointer value) {
    return jsc_value_is_number(JSC_VALUE(value)) ? jsc_value_to_double(JSC_VALUE(value)) : __builtin_nan("");
}

#endif
