// The DoseLearning module.
