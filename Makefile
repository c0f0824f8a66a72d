# The course's targets keep their meaning: `make all` builds the engine, `make judge` the
# judge, `make test` plays a judged engine-vs-engine match. `make check` runs every test, `make
# interop` plays full games against GRhino over GTP.
NODE_MODULES := node_modules/.package-lock.json
SOURCES := $(shell find src protocol -name "*.ts" -o -name "*.html" -o -name "*.css") build.mjs package.json

# `make test` passes these to both engines: half a second per move keeps the match to about a minute.
TEST_ENGINE_ARGS ?= --time 0.5
TEST_ROUNDS ?= 2
# and these to the judge (its limits: --genmove-limit S, --connect-limit S).
TEST_JUDGE_ARGS ?=

# `make interop` plays these games against GRhino at this level, both sides speaking GTP.
INTEROP_GAMES ?= 4
INTEROP_LEVEL ?= 2
RHINO := /usr/games/gtp-rhino

.PHONY: web book kernel all check test-unit test-e2e mutate format package-test test interop bench solve-bench solve-bench-ffo clean strength tune rhino ladder ladder-slow ladder-table ui-test web-bench train train-more train-ensemble eval-mae scale-test

all: othello

# `npm install` rather than `npm ci`: the lock file pins every version all the same, and npm 11
# here leaves other platforms' optional packages (rollup's, under vitest) out of the lock file
# and then has `npm ci` refuse it as out of sync.
$(NODE_MODULES): package.json package-lock.json
	@echo "npm install (dev tools: typescript, vitest, esbuild)"
	@npm install --no-audit --no-fund --loglevel=error
	@touch $@

dist/othello.js: $(NODE_MODULES) $(SOURCES) weights/eval.weights book/opening.book
	@echo "build dist/othello.js"
	@node build.mjs othello

# The launcher. V8's flags are the program's own business (protocol/cli/v8Flags.ts), so that it runs
# alike however it is started: this script, node dist/othello.js, or an npm install's command.
othello: dist/othello.js Makefile
	@printf '#!/bin/sh\nexec node "$$(dirname "$$0")/dist/othello.js" "$$@"\n' > $@
	@chmod +x $@

dist/judge.js: $(NODE_MODULES) $(SOURCES)
	@echo "build dist/judge.js"
	@node build.mjs judge

# The static page (docs/web.md): dist/web/, a folder of static files with the whole engine in the
# page, on a Web Worker; publish it by copying the folder to any static file server, under any path.
# The build prints what the page loads, in bytes and gzipped.
web: $(NODE_MODULES) $(SOURCES) weights/eval.weights book/opening.book
	@node build.mjs web

judge: dist/judge.js
	@printf '#!/bin/sh\nexec node "$$(dirname "$$0")/dist/judge.js" "$$@"\n' > $@
	@chmod +x $@

# $(call debian-package,PROGRAM,PACKAGE,TARGET): installs the Debian PACKAGE when PROGRAM is
# missing and we are root; otherwise stops, saying how.
define debian-package
@if [ ! -x "$(1)" ]; then \
  if [ "$$(id -u)" = 0 ]; then \
    echo "make $(3): installing $(2)"; \
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(2) || exit 1; \
  else \
    echo "make $(3): $(1) is missing: install it with 'apt-get install $(2)' (as root)" >&2; exit 1; \
  fi; \
fi
endef

# Every test, with nothing but Node and npm: no browser (make ui-test) and no GRhino (make interop).
# vitest's global set-up (test/buildPrograms.ts) builds the programs the end-to-end tests run.
check: $(NODE_MODULES)
	npx biome ci --error-on-warnings .
	npx tsc --noEmit
	npx vitest run

# The tests in two tiers, which make check runs together. `make test-unit`: the unit tests, no build
# and no program spawned (vitest.unit.config.ts), the loop for the person changing a function.
# `make test-e2e`: the end-to-end tests, the files named *.e2e.test.ts, which run the built programs;
# vitest's global set-up (test/buildPrograms.ts) builds them first.
test-unit: $(NODE_MODULES)
	npx vitest run --config vitest.unit.config.ts

test-e2e: $(NODE_MODULES)
	npx vitest run .e2e.test.ts

# Mutation testing with StrykerJS (stryker.config.mjs, docs/mutation.md), not part of check: the
# solver's and the search's files are mutated one change at a time and their unit tests
# (vitest.mutate.config.ts) run against each mutant, a run per group of files (tools/mutate.mjs); the
# reports go to reports/mutation/GROUP/, the table of scores to reports/mutation/summary.md.
# A rerun tests only what changed since; rm -rf reports/mutation first for a run from nothing.
# MUTATE=GLOBS (comma-separated) runs those files alone, e.g. make mutate MUTATE='src/solver/parity.ts'.
mutate: othello
	MUTATE_REPORTS='$(MUTATE_REPORTS)' node tools/mutate.mjs '$(MUTATE)'

# Biome formats the code and applies its safe lint fixes (biome.json); `make check` fails on
# any file it would change and on any lint finding.
format: $(NODE_MODULES)
	npx biome check --write .

# The page in a real headless browser, Debian's chromium driven by puppeteer-core: `othello ui`
# (test/browser/ui.browser.ts: a whole game by clicks; it writes docs/ui.png, the README's picture),
# and the static page of make web served by a plain static server under a sub-path
# (test/browser/web.browser.ts). chromium is installed when it is missing and we are root;
# otherwise this says how.
CHROMIUM ?= /usr/bin/chromium
ui-test: othello web
	$(call debian-package,$(CHROMIUM),chromium,ui-test)
	CHROMIUM=$(CHROMIUM) npx vitest run --config vitest.browser.config.ts

# The static page's engine in headless chromium against the same engine in Node (tools/webBench.mjs):
# visits a second on the same positions, taking turns so that both see the same load, and their
# ratio; the tab's peak memory during a 5 s move; the time from the page's opening to its first move.
web-bench: othello web
	$(call debian-package,$(CHROMIUM),chromium,web-bench)
	CHROMIUM=$(CHROMIUM) node tools/webBench.mjs

# The judge on a free loopback port, and two engines that connect to it. Background jobs of a
# script ignore SIGINT, so the trap stops them by pid on every way out, interrupts included.
# The output is the judge's summary; the game transcript and the engines' diagnostics go to logs.
# It fails, saying why on its last line, when the judge does: an engine forfeited or never came.
test: othello judge
	@dir=$$(mktemp -d); pids=; \
	trap 'kill $$pids 2>/dev/null; rm -rf "$$dir"' EXIT; trap 'exit 130' INT TERM HUP; \
	echo "make test: the judge and two engines ($(TEST_ENGINE_ARGS)), $(TEST_ROUNDS) rounds on a free loopback port"; \
	./judge 0 $(TEST_ROUNDS) --host 127.0.0.1 --port-file "$$dir/port" --log judge.log $(TEST_JUDGE_ARGS) 2>>"$$dir/judge.err" & judge=$$!; pids=$$judge; \
	while [ ! -s "$$dir/port" ]; do kill -0 $$judge 2>/dev/null || { cat "$$dir/judge.err" >&2; exit 1; }; sleep 0.1; done; \
	port=$$(cat "$$dir/port"); : > engines.log; \
	./othello --name engine-1 $(TEST_ENGINE_ARGS) $$port 2>>engines.log & pids="$$pids $$!"; \
	./othello --name engine-2 $(TEST_ENGINE_ARGS) $$port 2>>engines.log & pids="$$pids $$!"; \
	wait $$judge; status=$$?; grep -v 'listening on port' "$$dir/judge.err" >&2; \
	echo "transcript: judge.log; the engines' search reports: engines.log"; \
	if [ $$status -ne 0 ]; then \
	  echo "make test: FAILED: $$(grep -v 'listening on port' "$$dir/judge.err" | tail -1 | sed 's/^judge: //')" >&2; exit $$status; \
	fi

# Full games against GRhino through the match runner, our engine over GTP too. Any forfeit (a
# failed or malformed reply, an illegal move, a timeout or a crash, on either side) makes the
# match runner exit 1, and so this target fail. GTP's move time is whole seconds, so 1 s is the least.
# GRhino (Debian's grhino) is installed when it is missing and we are root; otherwise this says how.
interop: othello
	$(call debian-package,$(RHINO),grhino,interop)
	./othello match --engine-a "./othello --gtp" --protocol-a gtp --engine-b "$(RHINO) -l $(INTEROP_LEVEL)" --protocol-b gtp \
	  --games $(INTEROP_GAMES) --move-time 1 --seed 6 --log interop.log \
	  || { echo "make interop: FAILED: a game was forfeited or an engine could not start (log: interop.log)" >&2; exit 1; }
	@echo "make interop: $(INTEROP_GAMES) full games against GRhino level $(INTEROP_LEVEL), no protocol error (log: interop.log)"

# The npm package as a user gets it: `npm pack` (which builds), installed into a temporary prefix
# as `npm install -g` does, then its commands run from there, the repository out of reach: the
# engine's version, a genmove over stdin searched with the shipped weights, one from the shipped
# opening book, two search threads (the worker file), the browser page's files and its analysis
# thread, and the judge; then once more through npx.
package-test: $(NODE_MODULES)
	@dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; \
	fail() { echo "make package-test: FAILED: $$1" >&2; exit 1; }; \
	npm pack --silent --pack-destination "$$dir" >/dev/null || fail "npm pack"; \
	tarball=$$(ls "$$dir"/othello-uct-*.tgz); \
	echo "package-test: $$(basename $$tarball), $$(du -k $$tarball | cut -f1) kB, $$(tar tzf $$tarball | wc -l) files"; \
	npm install --global --prefix "$$dir/prefix" --no-audit --no-fund --loglevel=error "$$tarball" >/dev/null || fail "npm install --global"; \
	cd "$$dir"; bin="$$dir/prefix/bin"; \
	version="othello $$(node -p 'require("$(CURDIR)/package.json").version')"; \
	test "$$($$bin/othello --version)" = "$$version" || fail "othello --version is not '$$version'"; \
	printf 'genmove\nquit\n' | $$bin/othello --visits 200 --no-book 2>/dev/null | grep -qx 'genmove [0-7] [0-7]' || fail "a genmove over stdin"; \
	printf 'genmove\nquit\n' | $$bin/othello --visits 200 2>&1 >/dev/null | grep -q ' from the opening book, ' || fail "a genmove from the shipped opening book"; \
	printf 'genmove\nquit\n' | $$bin/othello --threads 2 --parallel root --visits 500 --no-book 2>&1 >/dev/null | grep -q ' on 2 threads' \
	  || fail "a search on two threads (the worker file)"; \
	for f in index.html page.js page.css; do test -s "$$dir/prefix/lib/node_modules/othello-uct/dist/ui/$$f" || fail "the page's $$f"; done; \
	test -s "$$dir/prefix/lib/node_modules/othello-uct/dist/analysisWorker.js" || fail "the page's analysis thread"; \
	$$bin/othello-course-judge --version >/dev/null || fail "othello-course-judge --version"; \
	npx --yes --package "$$tarball" othello --version >/dev/null || fail "npx othello --version"; \
	echo "package-test: installed; othello --version, a genmove, the opening book, two threads, the page's files and analysis thread, the judge and npx work"

bench: othello
	./othello bench

# The solver's speed (docs/solver.md, tools/solveBench.mjs): nodes, nodes a second and time on fforum
# 1-19 and the 20-22-empties set, SOLVE_ROUNDS rounds, beside the C yardstick and, with BASE=DIR of
# a built checkout (the previous commit's), that build; all in turn each round, so that they see
# the same load. SOLVE_QUICK=1: fforum 1-19 only (the 20-22 set takes about 95 s a round).
# The C yardstick, not part of the project: refsolve.c, an exact solver in plain C, one of the
# course's two C yardsticks (with refplay.c, random playouts), built with their own Makefile.
# REFSOLVE is its program (refsolve-generic) or the folder of its sources, built into a temporary
# directory; REFSOLVE=none leaves it out.
SOLVE_ROUNDS ?= 3
REFSOLVE ?= ../shared/bench
BASE ?=
SOLVE_QUICK ?=
solve-bench: othello
	@node tools/solveBench.mjs --rounds $(SOLVE_ROUNDS) $(if $(REFSOLVE),--ref $(REFSOLVE)) $(if $(BASE),--base $(BASE)) \
	  $(if $(filter 1,$(SOLVE_QUICK)),--quick)

# The FFO endgame test, problems #40-#59 (test/positions/fforum-40-59.obf), on FFO_THREADS thread
# counts (tools/ffoBench.mjs, docs/solver.md): nodes, time and nodes a second per position and in
# all, beside Egaroucid's and Edax's published figures; the C yardstick (REFSOLVE) and our one thread
# on fforum 1-19 before and after, for the machine's speed. Each position is solved on every thread
# count in turn, so FFO=45-49 goes on where a run stopped; FFO_NODES and FFO_TIME limit each
# position (left unsolved, cleanly). #50-#59 (26 to 34 empties) may take hours here.
FFO ?= 40-59
FFO_THREADS ?= 1,2
FFO_NODES ?=
FFO_TIME ?=
solve-bench-ffo: othello
	@node tools/ffoBench.mjs --from $(firstword $(subst -, ,$(FFO))) --to $(lastword $(subst -, ,$(FFO))) \
	  --threads $(FFO_THREADS) $(if $(REFSOLVE),--ref $(REFSOLVE)) $(if $(FFO_NODES),--nodes $(FFO_NODES)) \
	  $(if $(FFO_TIME),--time $(FFO_TIME))

# The WebAssembly kernels, the solver's (src/solver/endgameKernel.wat, docs/solver.md) and the
# incremental evaluation's (src/eval/evaluationKernel.wat, docs/evaluation.md), assembled by
# wabt's wat2wasm (Debian's wabt, installed when missing, as root) into the committed
# *KernelBytes.ts beside them: building and testing need no assembler. .ci/run assembles them
# again and checks that the committed bytes are their sources'.
KERNELS := src/solver/endgameKernel src/eval/evaluationKernel
WAT2WASM := /usr/bin/wat2wasm
kernel:
	$(call debian-package,$(WAT2WASM),wabt,kernel)
	@mkdir -p dist
	@for k in $(KERNELS); do \
	  name=$$(basename $$k); \
	  echo "$(WAT2WASM) $$k.wat -o dist/$$name.wasm"; \
	  $(WAT2WASM) $$k.wat -o dist/$$name.wasm || exit 1; \
	  node -e 'const fs = require("node:fs"); const [name, out] = process.argv.slice(1); const bytes = fs.readFileSync(`dist/$${name}.wasm`).toString("base64"); const constant = name.replace(/[A-Z]/g, (c) => "_" + c).toUpperCase() + "_BASE64"; fs.writeFileSync(out, `// Generated by \`make kernel\` from $${name}.wat (wat2wasm): do not edit.\nexport const $${constant} =\n  "$${bytes}";\n`)' $$name $${k}Bytes.ts || exit 1; \
	done

# Strength matches (minutes to an hour each; run them one at a time on an otherwise idle
# machine). Each writes matches/NAME.log and matches/NAME.json and prints its summary.
MATCH_GAMES ?= 100
MATCH_TIME ?= 0.1
MATCH = mkdir -p matches && ./othello match --games $(MATCH_GAMES) --plies 4 --concurrency 2
ENGINE = ./othello --time $(MATCH_TIME)

# The first strength matches: UCT against flat UCB1, pruning against none, and against random moves.
strength: othello
	$(MATCH) --seed 41 --engine-a "$(ENGINE)" --engine-b "$(ENGINE) --search ucb" --log matches/uct-vs-ucb.log --json matches/uct-vs-ucb.json
	$(MATCH) --seed 42 --engine-a "$(ENGINE) --pp-r 1" --engine-b "$(ENGINE) --pp-r 0" --log matches/pp-vs-none.log --json matches/pp-vs-none.json
	$(MATCH) --seed 43 --engine-a "$(ENGINE)" --engine-b "$(ENGINE) --search random" --log matches/vs-random.log --json matches/vs-random.json

# The search defaults, one parameter at a time against the current defaults (docs/strength.md, "How the defaults were chosen"):
# TUNE is the changed engine's options, a tuning key (`./othello --help-tuning`) or a user option
# such as --pp-r 1. The logs are named after it, without the words "--tune".
TUNE ?= --tune ucbC=0.3
TUNE_NAME ?= $(subst $(space),,$(subst --tune ,,$(TUNE)))
space := $(empty) $(empty)
tune: othello
	$(MATCH) --seed 44 --engine-a "$(ENGINE) $(TUNE)" --engine-b "$(ENGINE)" --log matches/tune$(TUNE_NAME).log --json matches/tune$(TUNE_NAME).json

# Our GTP engine against GRhino, one second a move: RHINO_GAMES games at each of RHINO_LEVELS,
# from the XOT openings (protocol/match/xot-large.txt, the first RHINO_GAMES/2, each played
# with both colours). RHINO_ENGINE adds options to our engine; RHINO_NAME names the logs.
RHINO_GAMES ?= 20
RHINO_LEVELS ?= 1 3 4
RHINO_ENGINE ?=
RHINO_NAME ?= rhino
XOT := protocol/match/xot-large.txt
rhino: othello
	@test -x $(RHINO) || { echo "make rhino: $(RHINO) is missing: install GRhino with 'apt-get install grhino' (as root)" >&2; exit 1; }
	for level in $(RHINO_LEVELS); do \
	  $(MATCH) --games $(RHINO_GAMES) --openings $(XOT) --move-time 1 --engine-a "./othello --gtp $(RHINO_ENGINE)" --protocol-a gtp \
	    --engine-b "$(RHINO) -l $$level" --protocol-b gtp --log matches/$(RHINO_NAME)-$$level.log --json matches/$(RHINO_NAME)-$$level.json || exit 1; \
	done

# The strength ladder (docs/strength.md): our GTP engine against each rung of LADDER_RUNGS in
# turn, LADDER_GAMES games from the XOT openings (the first LADDER_GAMES/2, each with both
# colours), LADDER_CONCURRENCY at once, then one table of them all, aligned and in Markdown.
# A rung, ladder-rung-NAME, is the time a move for both and the opponent's command (GRhino keeps
# its own pace whatever the time). Each rung writes matches/ladder-NAME.json and .log when it
# finishes, and a rerun skips the rungs finished (LADDER_FRESH=1 plays them all again), so an
# interrupted ladder resumes. The rungs: GRhino levels 1, 3 and 4 at 1 s a move for us, level 4
# again at 0.25 s (rhino-4-fast), the classic search and our alpha-beta player (iterative
# deepening, the shipped weights) at 1 s. `make ladder-slow`: GRhino level 4 at 5 s a move for us;
# `make ladder-table`: the table of the rungs finished so far, playing nothing.
LADDER_GAMES ?= 20
LADDER_CONCURRENCY ?= 2
LADDER_CLASSIC ?= ./othello --gtp --classic
LADDER_ALPHABETA ?= ./othello --gtp --search alphabeta --depth 30
LADDER_RUNGS ?= rhino-1 rhino-3 rhino-4 rhino-4-fast classic alphabeta
LADDER_FRESH ?=
ladder-rung-rhino-1 = 1 $(RHINO) -l 1
ladder-rung-rhino-3 = 1 $(RHINO) -l 3
ladder-rung-rhino-4 = 1 $(RHINO) -l 4
ladder-rung-rhino-4-fast = 0.25 $(RHINO) -l 4
ladder-rung-classic = 1 $(LADDER_CLASSIC)
ladder-rung-alphabeta = 1 $(LADDER_ALPHABETA)
ladder-rung-rhino-4-slow = 5 $(RHINO) -l 4
# The sparring partner of the mission's goal, not part of the project: Zebra, Gunnar Andersson's
# engine (GPL), built from its public source (the lk16/zebra fork of hoshir/zebra), at a fixed
# depth (its own pace) behind a GTP wrapper, `zebra_gtp.py -d DEPTH`, whose path is ZEBRA
# (docs/strength.md). Not in the default rungs: `make ladder LADDER_RUNGS="zebra-8 zebra-12 zebra-18"`.
ZEBRA ?= ../shared/sparring/zebra/zebra_gtp.py
ladder-rung-zebra-8 = 1 python3 $(ZEBRA) -d 8
ladder-rung-zebra-12 = 1 python3 $(ZEBRA) -d 12
# Zebra at depth 18 thinks a little less a move than we do at 1 s (docs/strength.md); its goal is
# measured over 40 games (LADDER_GAMES=40; the goals against Zebra: docs/decisions.md).
ladder-rung-zebra-18 = 1 python3 $(ZEBRA) -d 18
# The course's pace, 5 s a move for us, against Zebra at depth 24, whose mean time a move is the
# nearest to ours, 0.81 of it (depth 23: 0.58; docs/strength.md). It solves win/draw/loss from 24
# empties (-w 24): with the wrapper's default, 22, its search of depth 23 or 24 from 23 or 24
# empties ran to the end of the game, took minutes and forfeited. `make ladder LADDER_RUNGS=zebra-slow`.
ZEBRA_SLOW_DEPTH ?= 24
ladder-rung-zebra-slow = 5 python3 $(ZEBRA) -d $(ZEBRA_SLOW_DEPTH) -w 24
LADDER = ./othello ladder --engine "./othello --gtp" --games $(LADDER_GAMES) --openings $(XOT) \
  --concurrency $(LADDER_CONCURRENCY) --dir matches $(if $(filter 1,$(LADDER_FRESH)),--fresh)
ladder-rungs = $(foreach rung,$(1),--rung "$(rung) $(ladder-rung-$(rung))")
ladder: othello
	$(call debian-package,$(RHINO),grhino,ladder)
	@$(if $(filter zebra-%,$(LADDER_RUNGS)),test -f "$(ZEBRA)" || { echo "make ladder: no Zebra at $(ZEBRA): ZEBRA=PATH names its GTP wrapper zebra_gtp.py (docs/strength.md)" >&2; exit 1; })
	$(LADDER) $(call ladder-rungs,$(LADDER_RUNGS))

ladder-slow: othello
	$(call debian-package,$(RHINO),grhino,ladder-slow)
	$(LADDER) $(call ladder-rungs,rhino-4-slow)

ladder-table: othello
	@$(LADDER) --table $(call ladder-rungs,$(LADDER_RUNGS) $(filter-out $(LADDER_RUNGS),rhino-4-slow))

# Training in shards as docs/scale.md's first recipe runs it: 2 small rounds of 4 shards launched by
# GNU parallel (Debian's parallel, installed when it is missing and we are root), one shard killed
# and resumed, must give byte for byte one process's data and weights (tools/scaleTest.sh); then
# the dry runs of a Slurm array's and a Kubernetes Indexed Job's tasks. Half a minute.
PARALLEL ?= /usr/bin/parallel
scale-test: othello
	$(call debian-package,$(PARALLEL),parallel,scale-test)
	tools/scaleTest.sh

# The evaluation's weights from nothing but the rules (docs/evaluation.md): rounds of self-play
# and fitting in TRAIN_DIR, resumable (run it again after an interruption), the result written
# to weights/eval.weights. Rebuild (make) afterwards to embed the new weights in the program.
# The games start from the XOT openings and are played on TRAIN_THREADS threads (the data and
# weights do not depend on their number); depth 4, the solver from 16 empties (othello train's
# defaults). About 65 minutes on the 2-core machine when idle.
# The test sets of eval-mae are left out of the fit. The shipped weights start from this run's last
# round (TRAIN_ROUNDS=R stops at round R: a round's games and weights do not depend on the rounds after it).
TRAIN_DIR ?= train-run
TRAIN_THREADS ?= 2
TRAIN_ROUNDS ?= 6
# The games and the fit every training target shares; each adds its rounds and seed.
TRAIN_GAMES_ARGS = --games 14000 --openings $(XOT) --random-plies 2 --lambda 30
TRAIN_ARGS ?= --rounds $(TRAIN_ROUNDS) $(TRAIN_GAMES_ARGS) --seed 1
comma := ,
# Every training target leaves the test sets of eval-mae out of the fit.
TRAIN_EXCLUDE = --exclude $(subst $(space),$(comma),$(EVAL_SETS))
train: othello
	./othello train --dir $(TRAIN_DIR) --threads $(TRAIN_THREADS) $(TRAIN_ARGS) $(TRAIN_EXCLUDE) --out weights/eval.weights

# make train's weights trained on (docs/evaluation.md, "The shipped weights"):
# TRAIN_MORE_ROUNDS more rounds from the weights make train wrote, every game played by trained
# weights, fitted on these rounds alone; the result written over weights/eval.weights. Run make
# train first: a rerun after the file changed is refused (the run is bound to the weights it
# started from). About 45 minutes on the 2-core machine when idle.
TRAIN_MORE_DIR ?= train-run/more
TRAIN_MORE_ROUNDS ?= 8
TRAIN_MORE_ARGS ?= --rounds $(TRAIN_MORE_ROUNDS) $(TRAIN_GAMES_ARGS) --seed 2
train-more: othello
	./othello train --dir $(TRAIN_MORE_DIR) --threads $(TRAIN_THREADS) $(TRAIN_MORE_ARGS) $(TRAIN_EXCLUDE) \
	  --start-weights weights/eval.weights --out weights/eval.weights

# The shipped weights are the mean of three runs of make train-more's size (docs/evaluation.md,
# "The shipped weights"): make train-more's, and two more from its weights, one with a quarter of
# the self-play noise, one with TD(0.8) labels. Each run alone plays as well as make train-more's
# weights; their mean, an ensemble at the cost of one evaluation, plays better. Run make
# train-more first. About 90 minutes on the 2-core machine when idle; resumable.
TRAIN_MORE_WEIGHTS = $(TRAIN_MORE_DIR)/round-$(TRAIN_MORE_ROUNDS).weights
TRAIN_QUIET_DIR ?= train-run/quiet
TRAIN_TD_DIR ?= train-run/td
ENSEMBLE_ROUNDS ?= 8
ENSEMBLE_ARGS = --rounds $(ENSEMBLE_ROUNDS) $(TRAIN_GAMES_ARGS) --start-weights $(TRAIN_MORE_WEIGHTS)
train-ensemble: othello
	./othello train --dir $(TRAIN_QUIET_DIR) --threads $(TRAIN_THREADS) $(ENSEMBLE_ARGS) --seed 5 --noise 0.5 $(TRAIN_EXCLUDE)
	./othello train --dir $(TRAIN_TD_DIR) --threads $(TRAIN_THREADS) $(ENSEMBLE_ARGS) --seed 3 --td-lambda 0.8 $(TRAIN_EXCLUDE)
	./othello weights average $(TRAIN_MORE_WEIGHTS) $(TRAIN_QUIET_DIR)/round-$(ENSEMBLE_ROUNDS).weights $(TRAIN_TD_DIR)/round-$(ENSEMBLE_ROUNDS).weights \
	  --out weights/eval.weights

# The opening book (docs/book.md), built by our alpha-beta searches from the start position, the
# shipped book's settings; resumable (the file is written after each position: run it again after
# an interruption, BOOK_ARGS="... --time-limit 600" to stop within a time). It grows the shipped
# file; after new weights, build a new one into an empty file (docs/book.md, "The shipped book"),
# move it in place, and make the program, which ships it.
BOOK_ARGS ?= --plies 10 --window 2 --depth 10
book: othello
	./othello book build book/opening.book $(BOOK_ARGS)

# The evaluation's mean absolute error against exact scores on positions the training never saw
# (make train excludes them, and their symmetric images, should its games meet them).
EVAL_SETS := test/positions/fforum-1-19.obf test/positions/eval-16.obf test/positions/eval-20.obf test/positions/eval-24.obf
eval-mae: othello
	@for file in $(EVAL_SETS); do \
	  printf '%s: ' $$file; ./othello eval $$file | tail -1; \
	done

clean:
	rm -rf dist othello judge
