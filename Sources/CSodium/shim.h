#ifndef DAILY_DOSE_CSODIUM_SHIM_H
#define DAILY_DOSE_CSODIUM_SHIM_H
#include <sodium.h>
#include <dlfcn.h>
#include <stddef.h>

// libsodium is loaded the first time a signature is checked (`dose sync` or `dose import` of a pack with a
// trusted key), not when `dose` starts: linked, its symbols are bound before every command's `main` (-z now),
// and most commands never verify anything. So no pkg-config (whose `-lsodium` would link it): only the
// header's types and constants are used at build time (a direct call would not link), and the functions come
// from this table, filled once by dd_sodium_api_load (Sodium.swift calls it under swift_once).
typedef struct dd_sodium_api {
    int (*library_init)(void);
    int (*sign_verify_detached)(const unsigned char *signature, const unsigned char *message,
                                unsigned long long message_length, const unsigned char *public_key);
    size_t (*generichash_statebytes)(void);
    int (*generichash_init)(crypto_generichash_state *state, const unsigned char *key, size_t key_length,
                            size_t out_length);
    int (*generichash_update)(crypto_generichash_state *state, const unsigned char *in, unsigned long long in_length);
    int (*generichash_final)(crypto_generichash_state *state, unsigned char *out, size_t out_length);
} dd_sodium_api;

/// Opens libsodium and fills `api`; returns NULL, or dlerror()'s text when the library or a symbol is missing.
static inline const char *dd_sodium_api_load(dd_sodium_api *api) {
    void *library = dlopen("libsodium.so.23", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define DD_SODIUM_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return dlerror();
    DD_SODIUM_SYMBOL(library_init, "sodium_init")
    DD_SODIUM_SYMBOL(sign_verify_detached, "crypto_sign_verify_detached")
    DD_SODIUM_SYMBOL(generichash_statebytes, "crypto_generichash_statebytes")
    DD_SODIUM_SYMBOL(generichash_init, "crypto_generichash_init")
    DD_SODIUM_SYMBOL(generichash_update, "crypto_generichash_update")
    DD_SODIUM_SYMBOL(generichash_final, "crypto_generichash_final")
#undef DD_SODIUM_SYMBOL
    return NULL;
}

#endif
