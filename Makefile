# bowq: `make run` starts the shell on the default store, `make test` runs every test.
#
#   make run ARGS='--memory --sample'   arguments for bowq
#   make format                         format Sources and Tests with swift-format
#   make lint                           check the formatting

SWIFT ?= swift
ARGS ?=
FORMAT_CONFIG := .swift-format

.PHONY: run test build deps test-deps format lint

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	$(SWIFT) build

run: build
	.build/debug/bowq $(ARGS)

test: test-deps
	$(SWIFT) build
	$(SWIFT) test

format:
	$(SWIFT) format format -i -r --configuration $(FORMAT_CONFIG) Sources Tests

lint:
	$(SWIFT) format lint -r --strict --configuration $(FORMAT_CONFIG) Sources Tests
