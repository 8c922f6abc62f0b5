#ifndef DAILY_DOSE_CGTK_SHIM_H
#define DAILY_DOSE_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
