#ifndef DAILY_DOSE_CGTK_SHIM_H
#define DAILY_DOSE_CGTK_SHIM_H
#include <gtk/gtk.h>

// GTK's and GIO's type-cast macros (G_TYPE_CHECK_INSTANCE_CAST) do not import into Swift: one checked
// cast per type, taking any GObject pointer.
static inline GtkWidget *dd_gtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *dd_gtk_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkRoot *dd_gtk_root(gpointer p) { return GTK_ROOT(p); }
static inline GtkOrientable *dd_gtk_orientable(gpointer p) { return GTK_ORIENTABLE(p); }
static inline GtkBox *dd_gtk_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *dd_gtk_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkButton *dd_gtk_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkStack *dd_gtk_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkScrolledWindow *dd_gtk_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkListBox *dd_gtk_list_box(gpointer p) { return GTK_LIST_BOX(p); }
static inline GtkListBoxRow *dd_gtk_list_box_row(gpointer p) { return GTK_LIST_BOX_ROW(p); }
static inline GtkAccessible *dd_gtk_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GtkShortcutController *dd_gtk_shortcut_controller(gpointer p) { return GTK_SHORTCUT_CONTROLLER(p); }
static inline GtkApplication *dd_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GtkEditable *dd_gtk_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkActionable *dd_gtk_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkSwitch *dd_gtk_switch(gpointer p) { return GTK_SWITCH(p); }
static inline GtkCheckButton *dd_gtk_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkSpinner *dd_gtk_spinner(gpointer p) { return GTK_SPINNER(p); }
static inline GApplication *dd_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GActionMap *dd_g_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GAction *dd_g_action(gpointer p) { return G_ACTION(p); }
static inline GSimpleAction *dd_g_simple_action(gpointer p) { return G_SIMPLE_ACTION(p); }
static inline GObject *dd_g_object(gpointer p) { return G_OBJECT(p); }
static inline GListModel *dd_g_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline GMenuModel *dd_g_menu_model(gpointer p) { return G_MENU_MODEL(p); }
static inline GtkMenuButton *dd_gtk_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkApplicationWindow *dd_gtk_application_window(gpointer p) { return GTK_APPLICATION_WINDOW(p); }
static inline GtkFileChooser *dd_gtk_file_chooser(gpointer p) { return GTK_FILE_CHOOSER(p); }
static inline GtkNativeDialog *dd_gtk_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }

/// G_VARIANT_TYPE_STRING is a pointer-cast macro.
static inline const GVariantType *dd_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }

// gtk_accessible_update_property/relation are variadic: one fixed-argument form per property we set.
static inline void dd_gtk_accessible_set_label(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}
static inline void dd_gtk_accessible_set_description(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// g_object_get is variadic: GTK's UI font setting ("Cantarell 11"), to be freed with g_free; NULL without one.
static inline char *dd_gtk_settings_font_name(void) {
    char *name = NULL;
    GtkSettings *settings = gtk_settings_get_default();
    if (settings) g_object_get(settings, "gtk-font-name", &name, NULL);
    return name;
}

#endif
