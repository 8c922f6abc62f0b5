// The DoseNotifier module.
