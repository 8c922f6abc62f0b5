# Daily Dose. `make demo` runs the main job on the sample content; `make test` passes every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
BUILD_DIR := .build/debug
DEMO_HOME := $(CURDIR)/build/demo-home

.PHONY: deps deps-build build release demo test unit-test e2e-test clean bench fuzz fuzz-check sanitize

deps-build:
	@scripts/install-deps.sh build

deps:
	@scripts/install-deps.sh test

build: deps-build
	$(SWIFT) build

release: deps-build
	$(SWIFT) build -c release

# Imports the bundled sample pack into a throw-away XDG home and prints the next morning's notification.
demo: build
	@scripts/demo.sh "$(DEMO_HOME)" "$(BUILD_DIR)"

unit-test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

e2e-test: deps build
	@tests/run-e2e.sh "$(BUILD_DIR)"

# A bounded fuzz run (30 s per target, four targets) is part of the tests; `make fuzz` runs longer.
fuzz-check:
	@fuzz/run.sh 30

fuzz:
	@fuzz/run.sh $${FUZZ_SECONDS:-600}

# The Swift test suites under AddressSanitizer and ThreadSanitizer (slow: not part of `make test`).
sanitize: deps
	$(SWIFT) test --sanitize=address
	$(SWIFT) test --sanitize=thread

test: unit-test e2e-test fuzz-check

clean:
	rm -rf .build build

# Benchmarks against baselines measured in the same run (not part of `make test`); writes docs/performance.md.
bench: deps
	@bench/run.sh
