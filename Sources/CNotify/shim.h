#ifndef DAILY_DOSE_CNOTIFY_SHIM_H
#define DAILY_DOSE_CNOTIFY_SHIM_H
#include <libnotify/notify.h>
#endif
