#ifndef DAILY_DOSE_CWEBKIT_SHIM_H
#define DAILY_DOSE_CWEBKIT_SHIM_H
#include <webkit/webkit.h>
#endif
