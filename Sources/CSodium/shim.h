#ifndef DAILY_DOSE_CSODIUM_SHIM_H
#define DAILY_DOSE_CSODIUM_SHIM_H
#include <sodium.h>
#endif
