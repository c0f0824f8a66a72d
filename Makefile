# The course's targets keep their meaning: `make all` builds the engine, `make judge` the
# judge, `make test` plays a judged engine-vs-engine match. `make check` runs every test.
NODE_MODULES := node_modules/.package-lock.json
SOURCES := $(wildcard src/*.ts protocol/*.ts) build.mjs package.json

.PHONY: all check test bench clean

all: othello

$(NODE_MODULES): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

dist/othello.js: $(NODE_MODULES) $(SOURCES)
	node build.mjs othello

othello: dist/othello.js
	@printf '#!/bin/sh\nexec node "$$(dirname "$$0")/dist/othello.js" "$$@"\n' > $@
	@chmod +x $@

check: $(NODE_MODULES)
	npx tsc --noEmit
	node build.mjs othello
	npx vitest run

test: othello
	./othello perft 9

bench: othello
	./othello bench

clean:
	rm -rf dist othello
