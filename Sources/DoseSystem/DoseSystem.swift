// The DoseSystem module.
