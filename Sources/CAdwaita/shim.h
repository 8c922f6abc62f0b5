#ifndef DAILY_DOSE_CADWAITA_SHIM_H
#define DAILY_DOSE_CADWAITA_SHIM_H
#include <adwaita.h>
#endif
