#ifndef DAILY_DOSE_CADWAITA_SHIM_H
#define DAILY_DOSE_CADWAITA_SHIM_H
#include <adwaita.h>

// ADW_*() casts are inline functions and import as they are; only macros and variadic calls need a twin.
static inline AdwApplication *dd_adw_application(gpointer p) { return ADW_APPLICATION(p); }
static inline AdwApplicationWindow *dd_adw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline AdwPreferencesWindow *dd_adw_preferences_window(gpointer p) { return ADW_PREFERENCES_WINDOW(p); }
static inline AdwAboutWindow *dd_adw_about_window(gpointer p) { return ADW_ABOUT_WINDOW(p); }
static inline AdwPreferencesPage *dd_adw_preferences_page(gpointer p) { return ADW_PREFERENCES_PAGE(p); }
static inline AdwPreferencesGroup *dd_adw_preferences_group(gpointer p) { return ADW_PREFERENCES_GROUP(p); }
static inline AdwPreferencesRow *dd_adw_preferences_row(gpointer p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *dd_adw_action_row(gpointer p) { return ADW_ACTION_ROW(p); }
static inline AdwEntryRow *dd_adw_entry_row(gpointer p) { return ADW_ENTRY_ROW(p); }
static inline AdwComboRow *dd_adw_combo_row(gpointer p) { return ADW_COMBO_ROW(p); }
static inline AdwViewStack *dd_adw_view_stack(gpointer p) { return ADW_VIEW_STACK(p); }
static inline AdwViewSwitcher *dd_adw_view_switcher(gpointer p) { return ADW_VIEW_SWITCHER(p); }
static inline AdwViewSwitcherBar *dd_adw_view_switcher_bar(gpointer p) { return ADW_VIEW_SWITCHER_BAR(p); }
static inline AdwHeaderBar *dd_adw_header_bar(gpointer p) { return ADW_HEADER_BAR(p); }
static inline AdwClamp *dd_adw_clamp(gpointer p) { return ADW_CLAMP(p); }
static inline AdwToastOverlay *dd_adw_toast_overlay(gpointer p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwStatusPage *dd_adw_status_page(gpointer p) { return ADW_STATUS_PAGE(p); }

#endif
