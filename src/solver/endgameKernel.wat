;; The solver's last empty squares (KERNEL_EMPTIES, 14, and fewer) in WebAssembly, loaded by
;; endgameKernel.ts: the TypeScript search's algorithm (endgameSearch.ts, shallowSearch.ts,
;; lastEmpties.ts) on 64-bit boards with native population counts, less the stability cut-off,
;; with parity in its sort keys (endgameSearch.ts has none), with a table of its own. Scores are
;; final disc differences for the mover, empties to the winner; fail-soft. Negation is 0 - x, as
;; in the TypeScript.
(module
  ;; The host's clock and visit limit, asked every 256 visits of 7 empties or more (some 8,000
  ;; visits in all): 1 to stop (the search then unwinds, returning 0, and stores nothing on the way).
  (import "host" "check" (func $check (result i32)))
  (memory (export "memory") 70)
  (global $countdown (mut i32) (i32.const 256))
  (global $stopped (mut i32) (i32.const 0))
  ;; The table: 2^17 entries of 32 bytes from address 0 (player, opponent, lower, upper, move).
  ;; The move lists: from MOVES, 64 levels of 32 moves of 16 bytes (flips, square, key).
  (global $TABLE_SHIFT i64 (i64.const 47))
  (global $MOVES i32 (i32.const 4194304))
  ;; The flips' tables' addresses (below), for the loader that copies them in.
  (global (export "linesAt") i32 (i32.const 4227072))
  (global (export "masksAt") i32 (i32.const 4231168))
  ;; LAST (a line's flips by its last move, from the mover's discs alone) from 4232192.
  (global (export "lastAt") i32 (i32.const 4232192))
  (global $visits (mut f64) (f64.const 0))
  (global $NOT_A i64 (i64.const 0xfefefefefefefefe))
  (global $NOT_H i64 (i64.const 0x7f7f7f7f7f7f7f7f))
  (global $INNER i64 (i64.const 0x7e7e7e7e7e7e7e7e))
  (global $CORNERS i64 (i64.const 0x8100000000000081))

  ;; Legal moves: runs of the opponent's discs from the player's, in the 8 directions, each
  ;; run grown one square, one more, then two at a time (at most 6).
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

  ;; The flips of a move on s by line tables, as bitboard.ts's flips: LINE (outflanks, then the
  ;; squares between) from 4227072, copied in by endgameKernel.ts with the diagonals' masks
  ;; (two 64-bit words a square) from 4231168. A line is gathered into a byte, looked up, and
  ;; the byte spread back.
  (func $flips (param $s i32) (param $p i64) (param $o i64) (result i64)
    (local $row i32) (local $col i32) (local $iy i32) (local $ix i32) (local $shift i64) (local $f i64) (local $g i64)
    (local $m i64) (local $d i32)
    (local.set $row (i32.shr_u (local.get $s) (i32.const 3)))
    (local.set $col (i32.and (local.get $s) (i32.const 7)))
    (local.set $iy (i32.shl (local.get $col) (i32.const 8)))
    (local.set $ix (i32.shl (local.get $row) (i32.const 8)))
    ;; the row, indexed by column
    (local.set $shift (i64.extend_i32_u (i32.shl (local.get $row) (i32.const 3))))
    (local.set $f (i64.shl
      (i64.load8_u offset=4229120 (i32.add (local.get $iy) (i32.and (i32.load8_u offset=4227072 (i32.add (local.get $iy) (i32.wrap_i64 (i64.and (i64.shr_u (local.get $o) (local.get $shift)) (i64.const 255))))) (i32.wrap_i64 (i64.and (i64.shr_u (local.get $p) (local.get $shift)) (i64.const 255))))))
      (local.get $shift)))
    ;; the column, indexed by row: gathered by a multiplication, spread back by another
    (local.set $shift (i64.extend_i32_u (local.get $col)))
    (local.set $g (i64.load8_u offset=4229120 (i32.add (local.get $ix) (i32.and (i32.load8_u offset=4227072 (i32.add (local.get $ix) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (i64.shr_u (local.get $o) (local.get $shift)) (i64.const 0x0101010101010101)) (i64.const 0x0102040810204080)) (i64.const 56))))) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (i64.shr_u (local.get $p) (local.get $shift)) (i64.const 0x0101010101010101)) (i64.const 0x0102040810204080)) (i64.const 56)))))))
    (local.set $f (i64.or (local.get $f)
      (i64.shl (i64.and (i64.mul (local.get $g) (i64.const 0x0002040810204081)) (i64.const 0x0101010101010101)) (local.get $shift))))
    ;; the two diagonals, indexed by column: one square a column, so the bytes sum without carries
    (local.set $d (i32.add (i32.const 4231168) (i32.shl (local.get $s) (i32.const 4))))
    (local.set $m (i64.load (local.get $d)))
    (local.set $g (i64.load8_u offset=4229120 (i32.add (local.get $iy) (i32.and (i32.load8_u offset=4227072 (i32.add (local.get $iy) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $o) (local.get $m)) (i64.const 0x0101010101010101)) (i64.const 56))))) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $p) (local.get $m)) (i64.const 0x0101010101010101)) (i64.const 56)))))))
    (local.set $f (i64.or (local.get $f) (i64.and (i64.mul (local.get $g) (i64.const 0x0101010101010101)) (local.get $m))))
    (local.set $m (i64.load offset=8 (local.get $d)))
    (local.set $g (i64.load8_u offset=4229120 (i32.add (local.get $iy) (i32.and (i32.load8_u offset=4227072 (i32.add (local.get $iy) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $o) (local.get $m)) (i64.const 0x0101010101010101)) (i64.const 56))))) (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $p) (local.get $m)) (i64.const 0x0101010101010101)) (i64.const 56)))))))
    (i64.or (local.get $f) (i64.and (i64.mul (local.get $g) (i64.const 0x0101010101010101)) (local.get $m))))

  (func $final (param $p i64) (param $o i64) (result i32)
    (local $np i32) (local $no i32) (local $d i32) (local $e i32)
    (local.set $np (i32.wrap_i64 (i64.popcnt (local.get $p))))
    (local.set $no (i32.wrap_i64 (i64.popcnt (local.get $o))))
    (local.set $d (i32.sub (local.get $np) (local.get $no)))
    (local.set $e (i32.sub (i32.sub (i32.const 64) (local.get $np)) (local.get $no)))
    (if (result i32) (i32.gt_s (local.get $d) (i32.const 0))
      (then (i32.add (local.get $d) (local.get $e)))
      (else (if (result i32) (i32.lt_s (local.get $d) (i32.const 0))
        (then (i32.sub (local.get $d) (local.get $e)))
        (else (i32.const 0))))))

  ;; The empty squares in quadrants holding an odd number of them.
  (func $oddEmpties (param $e i64) (result i64)
    (local $r i64)
    (if (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0x000000000f0f0f0f)))) (i32.const 1))
      (then (local.set $r (i64.const 0x000000000f0f0f0f))))
    (if (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0x00000000f0f0f0f0)))) (i32.const 1))
      (then (local.set $r (i64.or (local.get $r) (i64.const 0x00000000f0f0f0f0)))))
    (if (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0x0f0f0f0f00000000)))) (i32.const 1))
      (then (local.set $r (i64.or (local.get $r) (i64.const 0x0f0f0f0f00000000)))))
    (if (i32.and (i32.wrap_i64 (i64.popcnt (i64.and (local.get $e) (i64.const 0xf0f0f0f000000000)))) (i32.const 1))
      (then (local.set $r (i64.or (local.get $r) (i64.const 0xf0f0f0f000000000)))))
    (local.get $r))

  ;; The discs a move on s flips when s is the last empty square, from the mover's discs x
  ;; alone: every other square of its lines is the opponent's where it is not the mover's. A
  ;; diagonal's squares off the board gather as the opponent's too, but past its end, where no
  ;; disc of the mover's closes a run: they flip nothing. LAST[i * 256 + x8]: the flips on a
  ;; line of x8 by a move at i, gathered as $flips gathers the line.
  (func $lastFlips (param $s i32) (param $x i64) (result i32)
    (local $row i32) (local $col i32) (local $iy i32) (local $m i64) (local $d i32)
    (local.set $row (i32.shr_u (local.get $s) (i32.const 3)))
    (local.set $col (i32.and (local.get $s) (i32.const 7)))
    (local.set $iy (i32.shl (local.get $col) (i32.const 8)))
    (local.set $d (i32.add (i32.const 4231168) (i32.shl (local.get $s) (i32.const 4))))
    (local.set $m (i64.load (local.get $d)))
    (i32.add
      (i32.add
        (i32.load8_u offset=4232192 (i32.add (local.get $iy)
          (i32.wrap_i64 (i64.and (i64.shr_u (local.get $x) (i64.extend_i32_u (i32.shl (local.get $row) (i32.const 3)))) (i64.const 255)))))
        (i32.load8_u offset=4232192 (i32.add (i32.shl (local.get $row) (i32.const 8))
          (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (i64.shr_u (local.get $x) (i64.extend_i32_u (local.get $col))) (i64.const 0x0101010101010101)) (i64.const 0x0102040810204080)) (i64.const 56))))))
      (i32.add
        (i32.load8_u offset=4232192 (i32.add (local.get $iy)
          (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $x) (local.get $m)) (i64.const 0x0101010101010101)) (i64.const 56)))))
        (i32.load8_u offset=4232192 (i32.add (local.get $iy)
          (i32.wrap_i64 (i64.shr_u (i64.mul (i64.and (local.get $x) (i64.load offset=8 (local.get $d))) (i64.const 0x0101010101010101)) (i64.const 56))))))))

  ;; One empty square s left.
  (func $solve1 (param $p i64) (param $o i64) (param $s i32) (result i32)
    (local $np i32) (local $n i32)
    (global.set $visits (f64.add (global.get $visits) (f64.const 1)))
    (local.set $np (i32.wrap_i64 (i64.popcnt (local.get $p))))
    (local.set $n (call $lastFlips (local.get $s) (local.get $p)))
    (if (local.get $n) (then (return (i32.sub (i32.shl (i32.add (i32.add (local.get $np) (local.get $n)) (i32.const 1)) (i32.const 1)) (i32.const 64)))))
    (local.set $n (call $lastFlips (local.get $s) (local.get $o)))
    (if (local.get $n) (then (return (i32.sub (i32.shl (i32.sub (local.get $np) (local.get $n)) (i32.const 1)) (i32.const 64)))))
    (if (result i32) (i32.gt_s (local.get $np) (i32.const 31))
      (then (i32.sub (i32.shl (local.get $np) (i32.const 1)) (i32.const 62)))
      (else (i32.sub (i32.shl (local.get $np) (i32.const 1)) (i32.const 64)))))

  ;; Two to four empty squares: the empties tried as moves, odd quadrants first.
  (func $last (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $n i32) (param $passed i32) (result i32)
    (local $e i64) (local $odd i64) (local $round i32) (local $set i64) (local $s i32) (local $f i64) (local $b i64)
    (local $best i32) (local $v i32)
    (global.set $visits (f64.add (global.get $visits) (f64.const 1)))
    (local.set $e (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1)))
    ;; Two empties are both in odd quadrants or both in one even quadrant: in square order
    ;; either way, with no quadrants to count.
    (local.set $odd (if (result i64) (i32.eq (local.get $n) (i32.const 2))
      (then (i64.const 0))
      (else (call $oddEmpties (local.get $e)))))
    (local.set $best (i32.const -128))
    (local.set $round (i32.const 0))
    (loop $rounds
      (local.set $set (if (result i64) (local.get $round)
        (then (i64.and (local.get $e) (i64.xor (local.get $odd) (i64.const -1))))
        (else (i64.and (local.get $e) (local.get $odd)))))
      (block $done
        (loop $next
          (br_if $done (i64.eqz (local.get $set)))
          (local.set $s (i32.wrap_i64 (i64.ctz (local.get $set))))
          (local.set $b (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))))
          (local.set $set (i64.xor (local.get $set) (local.get $b)))
          (local.set $f (call $flips (local.get $s) (local.get $p) (local.get $o)))
          (if (i64.ne (local.get $f) (i64.const 0))
            (then
              (local.set $v (i32.sub (i32.const 0)
                (if (result i32) (i32.eq (local.get $n) (i32.const 2))
                  (then (call $solve1 (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1)))
                                      (i64.or (i64.or (local.get $p) (local.get $f)) (local.get $b))
                                      (i32.wrap_i64 (i64.ctz (i64.xor (local.get $e) (local.get $b))))))
                  (else (call $last (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1)))
                                    (i64.or (i64.or (local.get $p) (local.get $f)) (local.get $b))
                                    (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha))
                                    (i32.sub (local.get $n) (i32.const 1)) (i32.const 0))))))
              (if (i32.gt_s (local.get $v) (local.get $best))
                (then
                  (if (i32.ge_s (local.get $v) (local.get $beta)) (then (return (local.get $v))))
                  (local.set $best (local.get $v))
                  (if (i32.gt_s (local.get $v) (local.get $alpha)) (then (local.set $alpha (local.get $v))))))))
          (br $next)))
      (local.set $round (i32.add (local.get $round) (i32.const 1)))
      (br_if $rounds (i32.lt_u (local.get $round) (i32.const 2))))
    (if (i32.ne (local.get $best) (i32.const -128)) (then (return (local.get $best))))
    (if (local.get $passed) (then (return (call $final (local.get $p) (local.get $o)))))
    (i32.sub (i32.const 0)
      (call $last (local.get $o) (local.get $p) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (local.get $n) (i32.const 1))))

  ;; Five and six empty squares: moves generated, odd quadrants first, no table.
  (func $shallow (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $n i32) (param $passed i32) (result i32)
    (local $moves i64) (local $odd i64) (local $round i32) (local $set i64) (local $s i32) (local $f i64) (local $b i64)
    (local $best i32) (local $v i32) (local $cp i64) (local $co i64)
    (global.set $visits (f64.add (global.get $visits) (f64.const 1)))
    (local.set $moves (call $moves (local.get $p) (local.get $o)))
    (if (i64.eqz (local.get $moves))
      (then
        (if (local.get $passed) (then (return (call $final (local.get $p) (local.get $o)))))
        (return (i32.sub (i32.const 0)
          (call $shallow (local.get $o) (local.get $p) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (local.get $n) (i32.const 1))))))
    (local.set $odd (call $oddEmpties (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1))))
    (local.set $best (i32.const -128))
    (loop $rounds
      (local.set $set (if (result i64) (local.get $round)
        (then (i64.and (local.get $moves) (i64.xor (local.get $odd) (i64.const -1))))
        (else (i64.and (local.get $moves) (local.get $odd)))))
      (block $done
        (loop $next
          (br_if $done (i64.eqz (local.get $set)))
          (local.set $s (i32.wrap_i64 (i64.ctz (local.get $set))))
          (local.set $b (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))))
          (local.set $set (i64.xor (local.get $set) (local.get $b)))
          (local.set $f (call $flips (local.get $s) (local.get $p) (local.get $o)))
          (local.set $cp (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1))))
          (local.set $co (i64.or (i64.or (local.get $p) (local.get $f)) (local.get $b)))
          (local.set $v (i32.sub (i32.const 0)
            (if (result i32) (i32.eq (local.get $n) (i32.const 5))
              (then (call $last (local.get $cp) (local.get $co) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (i32.const 4) (i32.const 0)))
              (else (call $shallow (local.get $cp) (local.get $co) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (i32.sub (local.get $n) (i32.const 1)) (i32.const 0))))))
          (if (i32.gt_s (local.get $v) (local.get $best))
            (then
              (if (i32.ge_s (local.get $v) (local.get $beta)) (then (return (local.get $v))))
              (local.set $best (local.get $v))
              (if (i32.gt_s (local.get $v) (local.get $alpha)) (then (local.set $alpha (local.get $v))))))
          (br $next)))
      (local.set $round (i32.add (local.get $round) (i32.const 1)))
      (br_if $rounds (i32.lt_u (local.get $round) (i32.const 2))))
    (local.get $best))

  ;; Any position with n empty squares.
  (func $solveAny (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $n i32) (result i32)
    (if (i32.gt_u (local.get $n) (i32.const 6))
      (then (return (call $deep (local.get $p) (local.get $o) (local.get $alpha) (local.get $beta) (local.get $n) (i32.const 0)))))
    (if (i32.gt_u (local.get $n) (i32.const 4))
      (then (return (call $shallow (local.get $p) (local.get $o) (local.get $alpha) (local.get $beta) (local.get $n) (i32.const 0)))))
    (if (i32.eq (local.get $n) (i32.const 1))
      (then (return (call $solve1 (local.get $p) (local.get $o)
        (i32.wrap_i64 (i64.ctz (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1))))))))
    (if (i32.eqz (local.get $n))
      (then
        (global.set $visits (f64.add (global.get $visits) (f64.const 1)))
        (return (call $final (local.get $p) (local.get $o)))))
    (call $last (local.get $p) (local.get $o) (local.get $alpha) (local.get $beta) (local.get $n) (i32.const 0)))

  (func $slot (param $p i64) (param $o i64) (result i32)
    (i32.shl
      (i32.wrap_i64 (i64.shr_u
        (i64.mul (i64.xor (local.get $p) (i64.mul (local.get $o) (i64.const 0x9e3779b97f4a7c15))) (i64.const 0xbf58476d1ce4e5b9))
        (global.get $TABLE_SHIFT)))
      (i32.const 5)))

  (func $store (param $p i64) (param $o i64) (param $lo i32) (param $hi i32) (param $move i32)
    (local $a i32)
    (local.set $a (call $slot (local.get $p) (local.get $o)))
    (i64.store (local.get $a) (local.get $p))
    (i64.store offset=8 (local.get $a) (local.get $o))
    (i32.store8 offset=16 (local.get $a) (local.get $lo))
    (i32.store8 offset=17 (local.get $a) (local.get $hi))
    (i32.store8 offset=18 (local.get $a) (local.get $move)))

  ;; The empty squares next to the discs w.
  (func $neighbours (param $w i64) (result i64)
    (i64.or
      (i64.or
        (i64.and (i64.or (i64.or (i64.shl (local.get $w) (i64.const 1)) (i64.shl (local.get $w) (i64.const 9))) (i64.shr_u (local.get $w) (i64.const 7))) (global.get $NOT_A))
        (i64.and (i64.or (i64.or (i64.shr_u (local.get $w) (i64.const 1)) (i64.shl (local.get $w) (i64.const 7))) (i64.shr_u (local.get $w) (i64.const 9))) (global.get $NOT_H)))
      (i64.or (i64.shl (local.get $w) (i64.const 8)) (i64.shr_u (local.get $w) (i64.const 8)))))

  ;; Seven empty squares or more: the table, enhanced transposition cut-offs from 8, moves
  ;; sorted fastest first (the opponent's replies, corners twice, then potential replies, then
  ;; parity: measured, 2 to 5% fewer visits at 22 to 24 empties), NegaScout.
  (func $deep (param $p i64) (param $o i64) (param $alpha i32) (param $beta i32) (param $n i32) (param $passed i32) (result i32)
    (local $a i32) (local $lo i32) (local $hi i32) (local $first i32) (local $moves i64) (local $set i64)
    (local $s i32) (local $b i64) (local $f i64) (local $base i32) (local $at i32) (local $count i32)
    (local $i i32) (local $j i32) (local $k i32) (local $cp i64) (local $co i64) (local $r i64) (local $e i64)
    (local $best i32) (local $bestMove i32) (local $v i32) (local $key i32) (local $t i64) (local $ti i32)
    (local $odd i64) (local $keyFrom i32)
    (global.set $visits (f64.add (global.get $visits) (f64.const 1)))
    (global.set $countdown (i32.sub (global.get $countdown) (i32.const 1)))
    (if (i32.eqz (global.get $countdown))
      (then
        (global.set $countdown (i32.const 256))
        (if (call $check) (then (global.set $stopped (i32.const 1))))))
    (if (global.get $stopped) (then (return (i32.const 0))))
    (local.set $first (i32.const 127))
    (local.set $a (call $slot (local.get $p) (local.get $o)))
    (if (i32.and (i64.eq (i64.load (local.get $a)) (local.get $p)) (i64.eq (i64.load offset=8 (local.get $a)) (local.get $o)))
      (then
        (local.set $lo (i32.load8_s offset=16 (local.get $a)))
        (local.set $hi (i32.load8_s offset=17 (local.get $a)))
        (if (i32.eq (local.get $lo) (local.get $hi)) (then (return (local.get $lo))))
        (if (i32.ge_s (local.get $lo) (local.get $beta)) (then (return (local.get $lo))))
        (if (i32.le_s (local.get $hi) (local.get $alpha)) (then (return (local.get $hi))))
        (if (i32.gt_s (local.get $lo) (local.get $alpha)) (then (local.set $alpha (local.get $lo))))
        (if (i32.lt_s (local.get $hi) (local.get $beta)) (then (local.set $beta (local.get $hi))))
        (local.set $first (i32.load8_u offset=18 (local.get $a)))))
    (local.set $moves (call $moves (local.get $p) (local.get $o)))
    (if (i64.eqz (local.get $moves))
      (then
        (if (local.get $passed) (then (return (call $final (local.get $p) (local.get $o)))))
        (return (i32.sub (i32.const 0)
          (call $deep (local.get $o) (local.get $p) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $alpha)) (local.get $n) (i32.const 1))))))
    ;; The list: flips (8 bytes), square, key.
    (local.set $base (i32.add (global.get $MOVES) (i32.shl (local.get $n) (i32.const 9))))
    (local.set $set (local.get $moves))
    (local.set $count (i32.const 0))
    (block $listed
      (loop $list
        (br_if $listed (i64.eqz (local.get $set)))
        (local.set $s (i32.wrap_i64 (i64.ctz (local.get $set))))
        (local.set $b (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))))
        (local.set $set (i64.xor (local.get $set) (local.get $b)))
        (local.set $f (call $flips (local.get $s) (local.get $p) (local.get $o)))
        (local.set $at (i32.add (local.get $base) (i32.shl (local.get $count) (i32.const 4))))
        (i64.store (local.get $at) (local.get $f))
        (i32.store offset=8 (local.get $at) (local.get $s))
        (local.set $count (i32.add (local.get $count) (i32.const 1)))
        (br $list)))
    ;; Enhanced transposition cut-off: a child whose stored upper bound refutes beta.
    (if (i32.ge_u (local.get $n) (i32.const 8))
      (then
        (local.set $i (i32.const 0))
        (loop $etc
          (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 4))))
          (local.set $f (i64.load (local.get $at)))
          (local.set $s (i32.load offset=8 (local.get $at)))
          (local.set $cp (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1))))
          (local.set $co (i64.or (i64.or (local.get $p) (local.get $f)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s)))))
          (local.set $ti (call $slot (local.get $cp) (local.get $co)))
          (if (i32.and (i64.eq (i64.load (local.get $ti)) (local.get $cp)) (i64.eq (i64.load offset=8 (local.get $ti)) (local.get $co)))
            (then
              (local.set $v (i32.sub (i32.const 0) (i32.load8_s offset=17 (local.get $ti))))
              (if (i32.ge_s (local.get $v) (local.get $beta))
                (then
                  (call $store (local.get $p) (local.get $o) (local.get $v) (i32.const 64) (local.get $s))
                  (return (local.get $v))))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br_if $etc (i32.lt_u (local.get $i) (local.get $count))))))
    ;; Keys: the table's move first (keyed below 0 now), the others fastest first, keyed only
    ;; once it is searched (it often ends the node alone), or at once without it.
    (local.set $keyFrom (i32.const 0))
    (local.set $i (i32.const 0))
    (loop $first
      (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 4))))
      (if (i32.eq (i32.load offset=8 (local.get $at)) (local.get $first))
        (then
          (i32.store offset=12 (local.get $at) (i32.const -1000))
          (local.set $keyFrom (i32.const 1)))
        (else (i32.store offset=12 (local.get $at) (i32.const 0))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $first (i32.lt_u (local.get $i) (local.get $count))))
    ;; NegaScout, the smallest key first.
    (local.set $best (i32.const -128))
    (local.set $bestMove (i32.const 127))
    (local.set $a (local.get $alpha))
    (local.set $i (i32.const 0))
    (block $cut
      (loop $search
        (if (i32.eq (local.get $i) (local.get $keyFrom))
          (then
            (local.set $e (i64.xor (i64.or (local.get $p) (local.get $o)) (i64.const -1)))
            (local.set $odd (call $oddEmpties (local.get $e)))
            (local.set $j (local.get $i))
            (loop $keys
              (local.set $at (i32.add (local.get $base) (i32.shl (local.get $j) (i32.const 4))))
              (local.set $f (i64.load (local.get $at)))
              (local.set $s (i32.load offset=8 (local.get $at)))
              (local.set $b (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s))))
              (local.set $co (i64.or (i64.or (local.get $p) (local.get $f)) (local.get $b)))
              (local.set $r (call $moves (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1))) (local.get $co)))
              ;; The opponent's replies (corners twice) four times, the potential replies once, and a
              ;; move into a quadrant with an odd number of empties 2 less.
              (local.set $key
                (i32.add
                  (i32.shl (i32.wrap_i64 (i64.add (i64.popcnt (local.get $r)) (i64.popcnt (i64.and (local.get $r) (global.get $CORNERS))))) (i32.const 2))
                  (i32.wrap_i64 (i64.popcnt (i64.and (call $neighbours (local.get $co)) (i64.xor (local.get $e) (local.get $b)))))))
              (if (i64.ne (i64.and (local.get $b) (local.get $odd)) (i64.const 0))
                (then (local.set $key (i32.sub (local.get $key) (i32.const 2)))))
              (i32.store offset=12 (local.get $at) (local.get $key))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br_if $keys (i32.lt_u (local.get $j) (local.get $count))))))
        ;; Bring the smallest key among i..count-1 to place i.
        (local.set $k (local.get $i))
        (local.set $j (i32.add (local.get $i) (i32.const 1)))
        (block $picked
          (loop $pick
            (br_if $picked (i32.ge_u (local.get $j) (local.get $count)))
            (if (i32.lt_s
                  (i32.load offset=12 (i32.add (local.get $base) (i32.shl (local.get $j) (i32.const 4))))
                  (i32.load offset=12 (i32.add (local.get $base) (i32.shl (local.get $k) (i32.const 4)))))
              (then (local.set $k (local.get $j))))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $pick)))
        (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 4))))
        (if (i32.ne (local.get $k) (local.get $i))
          (then
            (local.set $ti (i32.add (local.get $base) (i32.shl (local.get $k) (i32.const 4))))
            (local.set $t (i64.load (local.get $ti)))
            (i64.store (local.get $ti) (i64.load (local.get $at)))
            (i64.store (local.get $at) (local.get $t))
            (local.set $t (i64.load offset=8 (local.get $ti)))
            (i64.store offset=8 (local.get $ti) (i64.load offset=8 (local.get $at)))
            (i64.store offset=8 (local.get $at) (local.get $t))))
        (local.set $f (i64.load (local.get $at)))
        (local.set $s (i32.load offset=8 (local.get $at)))
        (local.set $cp (i64.and (local.get $o) (i64.xor (local.get $f) (i64.const -1))))
        (local.set $co (i64.or (i64.or (local.get $p) (local.get $f)) (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $s)))))
        (if (i32.eqz (local.get $i))
          (then
            (local.set $v (i32.sub (i32.const 0)
              (call $solveAny (local.get $cp) (local.get $co) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $a)) (i32.sub (local.get $n) (i32.const 1))))))
          (else
            (local.set $v (i32.sub (i32.const 0)
              (call $solveAny (local.get $cp) (local.get $co) (i32.sub (i32.const -1) (local.get $a)) (i32.sub (i32.const 0) (local.get $a)) (i32.sub (local.get $n) (i32.const 1)))))
            (if (i32.and (i32.gt_s (local.get $v) (local.get $a)) (i32.lt_s (local.get $v) (local.get $beta)))
              (then
                (local.set $v (i32.sub (i32.const 0)
                  (call $solveAny (local.get $cp) (local.get $co) (i32.sub (i32.const 0) (local.get $beta)) (i32.sub (i32.const 0) (local.get $v)) (i32.sub (local.get $n) (i32.const 1)))))))))
        (if (global.get $stopped) (then (return (i32.const 0))))
        (if (i32.gt_s (local.get $v) (local.get $best))
          (then
            (local.set $best (local.get $v))
            (local.set $bestMove (local.get $s))
            (if (i32.gt_s (local.get $v) (local.get $a))
              (then
                (local.set $a (local.get $v))
                (br_if $cut (i32.ge_s (local.get $v) (local.get $beta)))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $search (i32.lt_u (local.get $i) (local.get $count)))))
    (if (i32.le_s (local.get $best) (local.get $alpha))
      (then (call $store (local.get $p) (local.get $o) (i32.const -64) (local.get $best) (i32.const 127)))
      (else (if (i32.ge_s (local.get $best) (local.get $beta))
        (then (call $store (local.get $p) (local.get $o) (local.get $best) (i32.const 64) (local.get $bestMove)))
        (else (call $store (local.get $p) (local.get $o) (local.get $best) (local.get $best) (local.get $bestMove))))))
    (local.get $best))

  ;; The score of the position (pl, ph) to move against (ol, oh) with n empties, in the window.
  (func (export "solve") (param $pl i32) (param $ph i32) (param $ol i32) (param $oh i32) (param $alpha i32) (param $beta i32) (param $n i32) (result i32)
    (global.set $stopped (i32.const 0))
    (call $solveAny
      (i64.or (i64.extend_i32_u (local.get $pl)) (i64.shl (i64.extend_i32_u (local.get $ph)) (i64.const 32)))
      (i64.or (i64.extend_i32_u (local.get $ol)) (i64.shl (i64.extend_i32_u (local.get $oh)) (i64.const 32)))
      (local.get $alpha) (local.get $beta) (local.get $n)))

  ;; Visits since the last call, and the counter back to 0.
  (func (export "takeVisits") (result f64)
    (local $v f64)
    (local.set $v (global.get $visits))
    (global.set $visits (f64.const 0))
    (local.get $v))

  ;; Whether the last solve was stopped by the host: its score is then meaningless.
  (func (export "stopped") (result i32) (global.get $stopped))

  ;; Forgets the table, all the memory below the move lists (a key of 0 and 0 is no position's).
  (func (export "clear")
    (memory.fill (i32.const 0) (i32.const 0) (global.get $MOVES)))
)
