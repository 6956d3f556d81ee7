# bowq: `make run` starts the shell on the default store, `make test` runs every test.
#
#   make run ARGS='--memory --sample'   arguments for bowq
#   make format                         format Sources and Tests with swift-format
#   make lint                           check the formatting
#   make bench                          bowq against the tools it replaces (see README)
#   make install [PREFIX=~/.local]      bowq, its man page and completions under PREFIX
#   make uninstall [PREFIX=~/.local]    remove them

SWIFT ?= swift
ARGS ?=
PREFIX ?= $(HOME)/.local
FORMAT_CONFIG := .swift-format

.PHONY: run test build deps test-deps bench-deps bench format lint install uninstall

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

bench-deps:
	@scripts/install-deps.sh --bench

build: deps
	$(SWIFT) build

run: build
	.build/debug/bowq $(ARGS)

test: test-deps
	$(SWIFT) build
	$(SWIFT) test
	scripts/check-install.sh
	SWIFT=$(SWIFT) scripts/check-swift-example.sh

install:
	scripts/install.sh --prefix "$(PREFIX)"

uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)"

# The benchmarks run bowq linked as `make install` links it (the Swift runtime and Foundation
# linked in, which starts a process in half the time, and its code laid out by
# scripts/bowq.order): install.sh builds it in .build/install.
bench: bench-deps
	$(SWIFT) build -c release --product bowq-bench
	$(SWIFT) build -c release --product bowq-bench-meter
	scripts/install.sh --prefix .build/bench-install --configuration release
	.build/release/bowq-bench predicates
	.build/release/bowq-bench queries
	.build/release/bowq-bench engine
	.build/release/bowq-bench hierarchy
	.build/release/bowq-bench store
	.build/release/bowq-bench coredata

format:
	$(SWIFT) format format -i -r --configuration $(FORMAT_CONFIG) Sources Tests

lint:
	$(SWIFT) format lint -r --strict --configuration $(FORMAT_CONFIG) Sources Tests
