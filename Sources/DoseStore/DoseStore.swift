// The DoseStore module.
