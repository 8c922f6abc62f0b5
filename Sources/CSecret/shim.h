#ifndef DAILY_DOSE_CSECRET_SHIM_H
#define DAILY_DOSE_CSECRET_SHIM_H
#include <glib.h>
#include <gio/gio.h>
#include <dlfcn.h>
#include <stddef.h>

// libsecret is loaded the first time a key is stored or looked up, not when `dose` starts: linked, it
// would add itself, libgcrypt and libgpg-error to every command's start-up, and most commands never
// touch the Secret Service. So no pkg-config (whose `-lsecret-1` would link it) and no <libsecret/secret.h>
// (whose directory only pkg-config names): the few types and functions used are declared here, as
// libsecret 0.20's <libsecret/secret-schema.h> and <libsecret/secret-password.h> define them (ABI-stable
// since 0.7). Secret.swift calls them only through this table, filled once by dd_secret_api_load.

/// SecretSchemaAttributeType's SECRET_SCHEMA_ATTRIBUTE_STRING.
#define DD_SECRET_SCHEMA_ATTRIBUTE_STRING 0
/// SecretSchemaFlags' SECRET_SCHEMA_NONE: the schema's name is stored (xdg:schema) and matched.
#define DD_SECRET_SCHEMA_NONE 0

/// SecretSchemaAttribute.
typedef struct {
    const gchar *name;
    int type;
} dd_secret_schema_attribute;

/// SecretSchema, field for field.
typedef struct {
    const gchar *name;
    int flags;
    dd_secret_schema_attribute attributes[32];
    gint reserved;
    gpointer reserved1;
    gpointer reserved2;
    gpointer reserved3;
    gpointer reserved4;
    gpointer reserved5;
    gpointer reserved6;
    gpointer reserved7;
} dd_secret_schema;

/// The non-variadic (`v`) forms: Swift cannot call the variadic ones.
typedef struct dd_secret_api {
    gboolean (*storev_sync)(const dd_secret_schema *schema, GHashTable *attributes, const gchar *collection,
                            const gchar *label, const gchar *password, GCancellable *cancellable, GError **error);
    gchar *(*lookupv_sync)(const dd_secret_schema *schema, GHashTable *attributes, GCancellable *cancellable,
                           GError **error);
    gboolean (*clearv_sync)(const dd_secret_schema *schema, GHashTable *attributes, GCancellable *cancellable,
                            GError **error);
    void (*password_free)(gchar *password);
} dd_secret_api;

/// Opens libsecret and fills `api`; returns NULL, or dlerror()'s text when the library or a symbol is missing.
static inline const char *dd_secret_api_load(dd_secret_api *api) {
    void *library = dlopen("libsecret-1.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define DD_SECRET_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return dlerror();
    DD_SECRET_SYMBOL(storev_sync, "secret_password_storev_sync")
    DD_SECRET_SYMBOL(lookupv_sync, "secret_password_lookupv_sync")
    DD_SECRET_SYMBOL(clearv_sync, "secret_password_clearv_sync")
    DD_SECRET_SYMBOL(password_free, "secret_password_free")
#undef DD_SECRET_SYMBOL
    return NULL;
}

/// The collection libsecret stores into by default (SECRET_COLLECTION_DEFAULT, a macro Swift does not import).
static inline const gchar *dd_secret_collection_default(void) { return "default"; }

/// A string-to-string hash table as libsecret's `v` functions take their attributes (keys and values copied, freed with it).
static inline GHashTable *dd_secret_attributes_new(void) {
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

#endif
