// The DoseApp module.
