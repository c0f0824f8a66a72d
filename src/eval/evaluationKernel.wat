;; The incremental evaluation's child values in WebAssembly, loaded by evaluationKernel.ts: what
;; IncrementalEvaluation's TypeScript computes for the position after a move, on 64-bit boards
;; with native population counts. The pattern state itself (its levels, their discs, the
;; places' changes) lives in this memory, and the TypeScript keeps it up to date through views.
;; The sums are of integers, so the values are the TypeScript's bit for bit.
;;
;; The memory, in bytes. The code reads it at these addresses as literal offsets (a load's offset
;; must be a constant); the exported globals give the same addresses to the loader, which puts
;; its copies there and checks that each fits below the next. Change both together: a mismatch
;; fails every value test.
;;   SQUARES at 0:       square s's first pair, 65 words (squarePlaces.ts's SQUARE_FIRST)
;;   PAIRS at 512:       place * 2^16 + power, up to 384 words (SQUARE_PLACES)
;;   MASKS at 2048:      square s's places as one 64-bit word, 64 of them
;;   DELTA at 2560:      each place's change of index in the move valued, 64 words, zero between calls
;;   WEIGHTS at 2816:    each place's weight in the view last summed, 64 words
;;   LEVELS at 4096:     the levels' entries (IncrementalEvaluation's `levels`): 61 levels of 92 words
;;   DISCS at 28672:     the levels' discs, 4 words a level (`discs`)
;;   TABLE at 32768:     the evaluation's weights, 16 bits each; the loader grows the memory to hold them
;;
;; Node 20's V8 does not inline calls between WebAssembly functions, so the reads of a weight
;; (an i32.load16_s from TABLE) and the population counts are written out where they are used:
;; that took the children valued a second from 6.5 to 7.5-8.0 million in a scratch harness.
(module
  ;; Where the board features' weights start in a stage's table, and their tables' offsets and
  ;; clamps (patterns.ts, boardFeatures.ts): given by the host, so they are written once.
  (import "features" "board" (global $BOARD i32))
  (import "features" "opponentMobility" (global $OPPONENT_MOBILITY i32))
  (import "features" "moverPotential" (global $MOVER_POTENTIAL i32))
  (import "features" "opponentPotential" (global $OPPONENT_POTENTIAL i32))
  (import "features" "parity" (global $PARITY i32))
  (import "features" "mobilityMax" (global $MOBILITY_MAX i32))
  (import "features" "potentialMax" (global $POTENTIAL_MAX i32))
  (memory (export "memory") 1)
  (global (export "squaresAt") i32 (i32.const 0))
  (global (export "pairsAt") i32 (i32.const 512))
  (global (export "masksAt") i32 (i32.const 2048))
  (global (export "deltaAt") i32 (i32.const 2560))
  (global (export "weightsAt") i32 (i32.const 2816))
  (global (export "levelsAt") i32 (i32.const 4096))
  (global (export "discsAt") i32 (i32.const 28672))
  (global (export "tableAt") i32 (i32.const 32768))
  (global $NOT_A i64 (i64.const 0xfefefefefefefefe))
  (global $NOT_H i64 (i64.const 0x7f7f7f7f7f7f7f7f))
  (global $INNER i64 (i64.const 0x7e7e7e7e7e7e7e7e))

  ;; Legal moves, as the solver's kernel computes them (endgameKernel.wat): runs of the
  ;; opponent's discs from the player's, in the 8 directions, each run grown one square, one
  ;; more, then two at a time (at most 6).
  (func $moves (param $p i64) (param $o i64) (result i64)
    (local $m i64) (local $t i64) (local $x i64) (local $x2 i64)
    (local.set $x (i64.and (local.get $o) (global.get $INNER)))
    (local.set $x2 (i64.and (local.get $x) (i64.shl (local.get $x) (i64.const 1))))
    (local.set $t (i64.and (local.get $x) (i64.shl (local.get $p) (i64.const 1))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shl (local.get $t) (i64.const 1)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 2)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 2)))))
    (local.set $m (i64.or (local.get $m) (i64.shl (local.get $t) (i64.const 1))))
    (local.set $x2 (i64.and (local.get $x) (i64.shr_u (local.get $x) (i64.const 1))))
    (local.set $t (i64.and (local.get $x) (i64.shr_u (local.get $p) (i64.const 1))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shr_u (local.get $t) (i64.const 1)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 2)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 2)))))
    (local.set $m (i64.or (local.get $m) (i64.shr_u (local.get $t) (i64.const 1))))
    (local.set $x2 (i64.and (local.get $x) (i64.shl (local.get $x) (i64.const 7))))
    (local.set $t (i64.and (local.get $x) (i64.shl (local.get $p) (i64.const 7))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shl (local.get $t) (i64.const 7)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 14)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 14)))))
    (local.set $m (i64.or (local.get $m) (i64.shl (local.get $t) (i64.const 7))))
    (local.set $x2 (i64.and (local.get $x) (i64.shr_u (local.get $x) (i64.const 7))))
    (local.set $t (i64.and (local.get $x) (i64.shr_u (local.get $p) (i64.const 7))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shr_u (local.get $t) (i64.const 7)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 14)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 14)))))
    (local.set $m (i64.or (local.get $m) (i64.shr_u (local.get $t) (i64.const 7))))
    (local.set $x2 (i64.and (local.get $x) (i64.shl (local.get $x) (i64.const 9))))
    (local.set $t (i64.and (local.get $x) (i64.shl (local.get $p) (i64.const 9))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shl (local.get $t) (i64.const 9)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 18)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 18)))))
    (local.set $m (i64.or (local.get $m) (i64.shl (local.get $t) (i64.const 9))))
    (local.set $x2 (i64.and (local.get $x) (i64.shr_u (local.get $x) (i64.const 9))))
    (local.set $t (i64.and (local.get $x) (i64.shr_u (local.get $p) (i64.const 9))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x) (i64.shr_u (local.get $t) (i64.const 9)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 18)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 18)))))
    (local.set $m (i64.or (local.get $m) (i64.shr_u (local.get $t) (i64.const 9))))
    (local.set $x2 (i64.and (local.get $o) (i64.shl (local.get $o) (i64.const 8))))
    (local.set $t (i64.and (local.get $o) (i64.shl (local.get $p) (i64.const 8))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $o) (i64.shl (local.get $t) (i64.const 8)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 16)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shl (local.get $t) (i64.const 16)))))
    (local.set $m (i64.or (local.get $m) (i64.shl (local.get $t) (i64.const 8))))
    (local.set $x2 (i64.and (local.get $o) (i64.shr_u (local.get $o) (i64.const 8))))
    (local.set $t (i64.and (local.get $o) (i64.shr_u (local.get $p) (i64.const 8))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $o) (i64.shr_u (local.get $t) (i64.const 8)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 16)))))
    (local.set $t (i64.or (local.get $t) (i64.and (local.get $x2) (i64.shr_u (local.get $t) (i64.const 16)))))
    (local.set $m (i64.or (local.get $m) (i64.shr_u (local.get $t) (i64.const 8))))
    (i64.and (local.get $m) (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1))))

  ;; The squares next to the discs w, the discs' own squares among them.
  (func $around (param $w i64) (result i64)
    (local.set $w
      (i64.or (local.get $w)
        (i64.or
          (i64.and (i64.shl (local.get $w) (i64.const 1)) (global.get $NOT_A))
          (i64.and (i64.shr_u (local.get $w) (i64.const 1)) (global.get $NOT_H)))))
    (i64.or (local.get $w) (i64.or (i64.shl (local.get $w) (i64.const 8)) (i64.shr_u (local.get $w) (i64.const 8)))))

  (func $clamp (param $x i32) (param $max i32) (result i32)
    (select (local.get $max) (local.get $x) (i32.gt_u (local.get $x) (local.get $max))))

  ;; The parity feature's entry for the empties $e: odd quadrants (0-4) twice, plus the parity of
  ;; that count (boardFeatures.ts's parityIndex).
  (func $parity (param $e i64) (result i32)
    (local $odd i32)
    (local.set $odd
      (i32.add
        (i32.add
          (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0x0f0f0f0f)))) (i32.const 1))
          (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0xf0f0f0f0)))) (i32.const 1)))
        (i32.add
          (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0x0f0f0f0f00000000)))) (i32.const 1))
          (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0xf0f0f0f000000000)))) (i32.const 1)))))
    (i32.add (i32.shl (local.get $odd) (i32.const 1)) (i32.and (local.get $odd) (i32.const 1))))

  ;; Adds $k times square $s's powers to its places' changes in DELTA.
  (func $addPowers (param $s i32) (param $k i32)
    (local $i i32) (local $end i32) (local $pair i32) (local $at i32)
    (local.set $i (i32.load (i32.shl (local.get $s) (i32.const 2))))
    (local.set $end (i32.load offset=4 (i32.shl (local.get $s) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $pair (i32.load offset=512 (i32.shl (local.get $i) (i32.const 2))))
        (local.set $at (i32.shl (i32.shr_u (local.get $pair) (i32.const 16)) (i32.const 2)))
        (i32.store offset=2560 (local.get $at)
          (i32.add (i32.load offset=2560 (local.get $at))
            (i32.mul (local.get $k) (i32.and (local.get $pair) (i32.const 0xffff)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next))))

  ;; The view at entry $view of LEVELS summed over its $places places at the stage whose table
  ;; starts at entry $base (the constant left to the host), each place's weight kept in WEIGHTS
  ;; for valueAfter.
  (func (export "viewSum") (param $view i32) (param $base i32) (param $places i32) (result i32)
    (local $i i32) (local $sum i32) (local $w i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $places)))
        (local.set $w
          (i32.load16_s offset=32768 (i32.shl (i32.add (local.get $base)
            (i32.load offset=4096 (i32.shl (i32.add (local.get $view) (local.get $i)) (i32.const 2)))) (i32.const 1))))
        (i32.store offset=2816 (i32.shl (local.get $i) (i32.const 2)) (local.get $w))
        (local.set $sum (i32.add (local.get $sum) (local.get $w)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $sum))

  ;; After the side to move plays $s turning ($fl, $fh), for the opponent, who is to move there:
  ;; the weights of the places the move touches less their WEIGHTS (viewSum of the opponent's
  ;; view $view at the child's stage $base, just before), plus the child's board features. The
  ;; mover's discs are at word $at of DISCS, the opponent's at $other; $replies is the
  ;; opponent's legal moves after the move, or -1 if the caller has not counted them.
  (func (export "valueAfter")
    (param $s i32) (param $fl i32) (param $fh i32) (param $view i32) (param $base i32)
    (param $at i32) (param $other i32) (param $replies i32) (result i32)
    (local $f i64) (local $p i64) (local $o i64) (local $e i64) (local $places i64)
    (local $t i32) (local $b i32) (local $sum i32) (local $entry i32)
    (local.set $f (i64.or (i64.shl (i64.extend_i32_u (local.get $fh)) (i64.const 32)) (i64.extend_i32_u (local.get $fl))))
    ;; The child: $p to move (the opponent less the turned discs), $o the mover with them and the square.
    (local.set $p (i64.and (i64.load offset=28672 (i32.shl (local.get $other) (i32.const 2))) (i64.xor (local.get $f) (i64.const -1))))
    (local.set $o
      (i64.or (i64.or (i64.load offset=28672 (i32.shl (local.get $at) (i32.const 2))) (local.get $f))
        (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s)))))
    ;; In the opponent's view the played disc is a 2, and a turned disc goes from 1 to 2.
    (local.set $places (i64.load offset=2048 (i32.shl (local.get $s) (i32.const 3))))
    (call $addPowers (local.get $s) (i32.const 2))
    (block $done
      (loop $next
        (br_if $done (i64.eqz (local.get $f)))
        (local.set $t (i32.wrap_i64 (i64.ctz (local.get $f))))
        (local.set $places (i64.or (local.get $places) (i64.load offset=2048 (i32.shl (local.get $t) (i32.const 3)))))
        (call $addPowers (local.get $t) (i32.const 1))
        (local.set $f (i64.and (local.get $f) (i64.sub (local.get $f) (i64.const 1))))
        (br $next)))
    (if (i32.lt_s (local.get $replies) (i32.const 0))
      (then (local.set $replies (i32.wrap_i64 (i64.popcnt (call $moves (local.get $p) (local.get $o)))))))
    (local.set $e (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1)))
    ;; The child's board features (boardFeatures.ts): each its table's weight at its clamped value.
    (local.set $b (i32.add (local.get $base) (global.get $BOARD)))
    (local.set $sum
      (i32.load16_s offset=32768 (i32.shl
        (i32.add (local.get $b) (call $clamp (local.get $replies) (global.get $MOBILITY_MAX)))
        (i32.const 1))))
    (local.set $sum (i32.add (local.get $sum)
      (i32.load16_s offset=32768 (i32.shl
        (i32.add (local.get $b) (i32.add (global.get $OPPONENT_MOBILITY)
          (call $clamp (i32.wrap_i64 (i64.popcnt (call $moves (local.get $o) (local.get $p)))) (global.get $MOBILITY_MAX))))
        (i32.const 1)))))
    (local.set $sum (i32.add (local.get $sum)
      (i32.load16_s offset=32768 (i32.shl
        (i32.add (local.get $b) (i32.add (global.get $MOVER_POTENTIAL)
          (call $clamp (i32.wrap_i64 (i64.popcnt (i64.and (call $around (local.get $o)) (local.get $e)))) (global.get $POTENTIAL_MAX))))
        (i32.const 1)))))
    (local.set $sum (i32.add (local.get $sum)
      (i32.load16_s offset=32768 (i32.shl
        (i32.add (local.get $b) (i32.add (global.get $OPPONENT_POTENTIAL)
          (call $clamp (i32.wrap_i64 (i64.popcnt (i64.and (call $around (local.get $p)) (local.get $e)))) (global.get $POTENTIAL_MAX))))
        (i32.const 1)))))
    (local.set $sum (i32.add (local.get $sum)
      (i32.load16_s offset=32768 (i32.shl
        (i32.add (local.get $b) (i32.add (global.get $PARITY) (call $parity (local.get $e))))
        (i32.const 1)))))
    ;; Each place touched: its weight with the change, less its weight before; the change cleared.
    (block $done
      (loop $next
        (br_if $done (i64.eqz (local.get $places)))
        (local.set $t (i32.shl (i32.wrap_i64 (i64.ctz (local.get $places))) (i32.const 2)))
        (local.set $entry (i32.add (local.get $base) (i32.load offset=4096 (i32.add (i32.shl (local.get $view) (i32.const 2)) (local.get $t)))))
        (local.set $sum
          (i32.add (local.get $sum)
            (i32.sub
              (i32.load16_s offset=32768 (i32.shl (i32.add (local.get $entry) (i32.load offset=2560 (local.get $t))) (i32.const 1)))
              (i32.load offset=2816 (local.get $t)))))
        (i32.store offset=2560 (local.get $t) (i32.const 0))
        (local.set $places (i64.and (local.get $places) (i64.sub (local.get $places) (i64.const 1))))
        (br $next)))
    (local.get $sum))
)
