# Daily Dose. `make demo` runs the main job on the sample content; `make test` passes every test.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
BUILD_DIR := .build/debug
DEMO_HOME := $(CURDIR)/build/demo-home

# Where `make install` puts things (GNU conventions; DESTDIR for staging, as packaging/build-deb.sh does).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
MANDIR := $(DATADIR)/man
SYSTEMD_USER_UNIT_DIR := $(PREFIX)/lib/systemd/user
# The autostart entries go where desktops read them: XDG_CONFIG_DIRS (by default only /etc/xdg) and
# ~/.config. So /etc/xdg/autostart for /usr and /usr/local, as Makefile-installed programs do (the
# $(sysconfdir) of autotools and meson would be /usr/local/etc, which no desktop reads); any other
# prefix keeps them under PREFIX and `make install` says so. Override with XDG_AUTOSTART_DIR=….
XDG_AUTOSTART_DIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),/etc/xdg/autostart,$(PREFIX)/etc/xdg/autostart)
# zsh: Debian's packages use /usr/share/zsh/vendor-completions; for /usr/local, zsh's site directory
# /usr/local/share/zsh/site-functions (first on Debian zsh's fpath, and on a zsh built from source).
ZSH_COMPLETION_DIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
# Installed programs are stripped as the .deb's are (Debian policy): no symbol table, no .comment or .note.
STRIP ?= strip
STRIP_FLAGS := --strip-unneeded --remove-section=.comment --remove-section=.note
RELEASE_DIR := .build/release
APP_ID := net.dailydose.DailyDose
# The session bus finds activatable services in $XDG_DATA_DIRS/dbus-1/services (/usr/local/share and /usr/share).
DBUS_SERVICE_DIR := $(DATADIR)/dbus-1/services
# The desktop app `daily-dose` (the .deb's daily-dose-app) is built, installed and removed with the rest once
# Package.swift declares its product (scripts/app-product.sh, which says so when it does not yet).
APP_PRODUCT := $(shell scripts/app-product.sh 2>/dev/null && echo daily-dose)
MAN_PAGES := build/man/dose.1 build/man/dose-notify.1 build/man/daily-dose-pack.5
APP_MAN_PAGES := build/man/daily-dose.1
UNITS := $(notdir $(wildcard packaging/systemd/*.service))

.PHONY: deps deps-build build release order demo test unit-test e2e-test clean bench bench-app fuzz fuzz-check sanitize man \
	install install-cli install-app uninstall deb

deps-build:
	@scripts/install-deps.sh build

deps:
	@scripts/install-deps.sh test

build: deps-build
	$(SWIFT) build

# The release link, for what `make install`, the .deb, the end-to-end tests and `make bench` use:
# - the Swift runtime statically: nothing under the toolchain's directory is needed at run time; no
#   RUNPATH (Debian policy); bound at load time (-z now, with RELRO);
# - libstdc++ and libgcc statically too (the runtime's only C++ users; `build/static-cxx` shadows the
#   toolchain's `-lstdc++` with the archive), so the scheduler maps no C++ library all day;
# - lld, for packed relative relocations (DT_RELR, glibc 2.36): a PIE without 380 KB of `.rela.dyn`;
# - one section per function, the scheduler's hot ones laid out together, then those of dose's start-up
#   and readers (packaging/dose-notify.order, `make order` regenerates it): the kernel maps code in 64 KiB
#   windows, so scattered hot functions kept 2.5 MiB of the binary resident. A stale entry only costs some
#   of that gain, never correctness.
STATIC_CXX_DIR := $(CURDIR)/build/static-cxx
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath \
	-Xswiftc -use-ld=lld -Xswiftc -L$(STATIC_CXX_DIR) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -z -Xlinker now -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/dose-notify.order -Xlinker --no-warn-symbol-ordering

release: deps-build $(STATIC_CXX_DIR)/libstdc++.so
	@# SwiftPM does not track the ordering file: a newer one forces the link again.
	@for binary in $(RELEASE_DIR)/dose $(RELEASE_DIR)/dose-notify; do \
		[ packaging/dose-notify.order -nt $$binary ] && rm -f $$binary || true; done
	$(SWIFT) build $(RELEASE_FLAGS)

$(STATIC_CXX_DIR)/libstdc++.so:
	@mkdir -p $(STATIC_CXX_DIR)
	@archive=$$("$$(dirname "$$(command -v $(SWIFT))")/clang" -print-file-name=libstdc++.a); \
		[ -f "$$archive" ] || { echo "no libstdc++.a (apt-get install libstdc++-12-dev)"; exit 1; }; \
		ln -sf "$$archive" $@

# Regenerates packaging/dose-notify.order from a profile of the scheduler and of dose's readers (callgrind, private desktop).
order: deps release
	@scripts/profile-order.sh
	@$(MAKE) --no-print-directory release

# Built when missing (so `sudo make install` after `make release` does not rebuild as root).
$(RELEASE_DIR)/dose $(RELEASE_DIR)/dose-notify $(addprefix $(RELEASE_DIR)/,$(APP_PRODUCT)):
	@$(MAKE) --no-print-directory release

# Manual pages, from their scdoc sources.
man: $(MAN_PAGES) $(APP_MAN_PAGES)

# Written aside and renamed: the end-to-end scenarios run `make install` side by side.
build/man/%: packaging/man/%.scd
	@mkdir -p build/man
	scdoc <$< >$@.tmp-$$$$ && mv $@.tmp-$$$$ $@

# Both parts, as the two packages split them: install-cli is the .deb's daily-dose (the commands, the
# scheduler, their units and autostart entries, the icon the notification shows, the sample pack), install-app
# its daily-dose-app (the window, its desktop entry, D-Bus service and metainfo).
install: install-cli install-app

install-cli: $(RELEASE_DIR)/dose $(RELEASE_DIR)/dose-notify $(MAN_PAGES)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/daily-dose $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR) \
		$(DESTDIR)$(XDG_AUTOSTART_DIR) $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(DATADIR)/bash-completion/completions \
		$(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -m 755 $(RELEASE_DIR)/dose $(RELEASE_DIR)/dose-notify $(DESTDIR)$(BINDIR)/
	$(STRIP) $(STRIP_FLAGS) $(DESTDIR)$(BINDIR)/dose $(DESTDIR)$(BINDIR)/dose-notify
	install -m 644 content/sample-pack.json $(DESTDIR)$(DATADIR)/daily-dose/sample-pack.json
	@# Units name /usr/bin in the repository: point them at BINDIR; they document their manual page.
	for unit in $(UNITS); do \
		page=dose; [ "$$unit" = dose-notify.service ] && page=dose-notify; \
		sed -e 's|/usr/bin/|$(BINDIR)/|g' packaging/systemd/$$unit >$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit; \
		grep -q '^Documentation=' $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit || \
			sed -i "/^Description=/a Documentation=man:$$page(1)" $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit; \
		chmod 644 $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit; \
	done
	install -m 644 desktop/dose-notify-autostart.desktop desktop/dose-daemon-autostart.desktop $(DESTDIR)$(XDG_AUTOSTART_DIR)/
	install -m 644 desktop/$(APP_ID).svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/
	install -m 644 build/man/dose.1 build/man/dose-notify.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 build/man/daily-dose-pack.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 packaging/completions/dose.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/dose
	install -m 644 packaging/completions/dose.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/dose-notify
	install -m 644 packaging/completions/_dose $(DESTDIR)$(ZSH_COMPLETION_DIR)/_dose
	install -m 644 packaging/completions/dose.fish packaging/completions/dose-notify.fish \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/
	@case "$(XDG_AUTOSTART_DIR)" in /etc/xdg/autostart) ;; *) \
		echo "note: the autostart entries are in $(XDG_AUTOSTART_DIR), which desktops read only when" \
			"$(patsubst %/autostart,%,$(XDG_AUTOSTART_DIR)) is on XDG_CONFIG_DIRS (or copy them to ~/.config/autostart)";; esac

# The D-Bus service names the installed binary (@bindir@): a launcher or a notification click starts it there.
install-app: $(addprefix $(RELEASE_DIR)/,$(APP_PRODUCT)) $(if $(APP_PRODUCT),$(APP_MAN_PAGES))
ifeq ($(APP_PRODUCT),)
	@scripts/app-product.sh || true
else
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DBUS_SERVICE_DIR) $(DESTDIR)$(DATADIR)/metainfo \
		$(DESTDIR)$(MANDIR)/man1
	install -m 755 $(RELEASE_DIR)/daily-dose $(DESTDIR)$(BINDIR)/
	$(STRIP) $(STRIP_FLAGS) $(DESTDIR)$(BINDIR)/daily-dose
	install -m 644 desktop/$(APP_ID).desktop $(DESTDIR)$(DATADIR)/applications/
	sed 's|@bindir@|$(BINDIR)|' desktop/$(APP_ID).service >$(DESTDIR)$(DBUS_SERVICE_DIR)/$(APP_ID).service
	chmod 644 $(DESTDIR)$(DBUS_SERVICE_DIR)/$(APP_ID).service
	install -m 644 desktop/$(APP_ID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/
	install -m 644 build/man/daily-dose.1 $(DESTDIR)$(MANDIR)/man1/
endif

# Removes what `make install` put there (same PREFIX and DESTDIR); user data in homes is never touched.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dose $(DESTDIR)$(BINDIR)/dose-notify $(DESTDIR)$(BINDIR)/daily-dose
	rm -f $(DESTDIR)$(DBUS_SERVICE_DIR)/$(APP_ID).service
	rm -f $(DESTDIR)$(DATADIR)/daily-dose/sample-pack.json
	-rmdir $(DESTDIR)$(DATADIR)/daily-dose 2>/dev/null
	rm -f $(addprefix $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/,$(UNITS))
	rm -f $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	rm -f $(DESTDIR)$(XDG_AUTOSTART_DIR)/dose-notify-autostart.desktop $(DESTDIR)$(XDG_AUTOSTART_DIR)/dose-daemon-autostart.desktop
	rm -f $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	rm -f $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	rm -f $(DESTDIR)$(MANDIR)/man1/dose.1 $(DESTDIR)$(MANDIR)/man1/dose-notify.1 $(DESTDIR)$(MANDIR)/man5/daily-dose-pack.5 \
		$(DESTDIR)$(MANDIR)/man1/daily-dose.1
	rm -f $(DESTDIR)$(DATADIR)/bash-completion/completions/dose $(DESTDIR)$(DATADIR)/bash-completion/completions/dose-notify
	rm -f $(DESTDIR)$(ZSH_COMPLETION_DIR)/_dose
	rm -f $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/dose.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/dose-notify.fish

# Translations (gettext): po/build.sh extracts the template po/daily-dose.pot from the Swift sources and
# compiles each language of po/LINGUAS into build/locale, where the binaries of the build tree find them;
# installed as PREFIX/share/locale/LANG/LC_MESSAGES/daily-dose.mo. `make update-po` merges a new template
# into the translations (see README, "Translations").
LINGUAS := $(shell sed -e '/^\#/d' po/LINGUAS)

.PHONY: locale update-po install-locale uninstall-locale

locale:
	@po/build.sh po/daily-dose.pot build/locale

build release: locale
# The one catalogue serves dose and the app alike, so it goes with the CLI package (daily-dose).
install-cli: install-locale
uninstall: uninstall-locale

install-locale: locale
	for lang in $(LINGUAS); do \
		install -Dm644 build/locale/$$lang/LC_MESSAGES/daily-dose.mo $(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/daily-dose.mo; \
	done

uninstall-locale:
	rm -f $(foreach lang,$(LINGUAS),$(DESTDIR)$(DATADIR)/locale/$(lang)/LC_MESSAGES/daily-dose.mo)

update-po: locale
	for lang in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$lang.po po/daily-dose.pot; done

# The Debian package, in build/deb/ (see packaging/README.md).
deb: deps-build
	packaging/build-deb.sh

# Imports the bundled sample pack into a throw-away XDG home and prints the next morning's notification.
demo: build
	@scripts/demo.sh "$(DEMO_HOME)" "$(BUILD_DIR)"

# A hang cannot hold the run: the tests run under a watchdog that fails after UNIT_TEST_TIMEOUT seconds in all
# (default 2400) or UNIT_TEST_STALL seconds without a test case starting or ending (default 600), naming the ones
# running, and ends everything the run started. It runs the test bundle itself, one test per core at a time, so
# each suite's time limit counts from the test's start (see "Tests" in docs/architecture.md).
unit-test: deps
	$(SWIFT) build --build-tests
	@SWIFT="$(SWIFT)" scripts/swift-test-watchdog.sh

# The scenarios run the release build, the binaries that ship (and that the .deb scenario packages): built
# first, so nothing compiles beside the timed desktop scenarios.
e2e-test: deps release
	@tests/run-e2e.sh "$(RELEASE_DIR)"

# A bounded fuzz run (30 s per target, six targets) is part of the tests; `make fuzz` runs longer.
fuzz-check:
	@fuzz/run.sh 30

fuzz:
	@fuzz/run.sh $${FUZZ_SECONDS:-600}

# The Swift test suites under AddressSanitizer and ThreadSanitizer (slow: not part of `make test`).
# scripts/lsan.supp: leaks LeakSanitizer finds in libcurl, Foundation and XCTest (none in our code).
# Through the watchdog, like unit-test, so the suites' time limits count from each test's start; 4 h in all.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address
	@LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp UNIT_TEST_TIMEOUT=14400 SWIFT="$(SWIFT)" \
		SWIFT_BUILD_FLAGS=--sanitize=address scripts/swift-test-watchdog.sh
	$(SWIFT) build --build-tests --sanitize=thread
	@UNIT_TEST_TIMEOUT=14400 SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS=--sanitize=thread scripts/swift-test-watchdog.sh

test: unit-test e2e-test fuzz-check

clean:
	rm -rf .build build

# Benchmarks against baselines measured in the same run (not part of `make test`); writes docs/performance.md.
bench: deps
	@bench/run.sh

# Only the desktop app against its C baseline (part of `make bench`); writes the app's table in docs/performance.md.
bench-app: deps
	@bench/app.sh
