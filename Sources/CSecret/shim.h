#ifndef DAILY_DOSE_CSECRET_SHIM_H
#define DAILY_DOSE_CSECRET_SHIM_H
#include <libsecret/secret.h>
#endif
