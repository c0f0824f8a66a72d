#!/usr/bin/env bash
# make scale-test (docs/scale.md): a small training run in 4 shards a round, launched by GNU
# parallel as the doc's first recipe does, one shard killed (SIGKILL) and resumed by
# `parallel --resume-failed`, must give byte for byte the data and weights of one process.
# Then the dry runs of the Slurm array and the Kubernetes Indexed Job: what each task would play.
set -euo pipefail
cd "$(dirname "$0")/.."
othello=${OTHELLO:-./othello}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 48 games a round at depth 1: seconds, on any machine. Words without spaces, split where used
# (the shard jobs run in parallel's own shells).
train_args="--games 48 --depth 1 --stages 4 --iterations 10 --solve-empties 8 --seed 3 --threads 1"

"$othello" train --dir "$work/one" --rounds 2 $train_args >/dev/null 2>&1

# One shard's job: shard 2 of round 1 is killed the first time, before it can write its file.
shard_job() {
  local round=$1 shard=$2
  if [ "$round.$shard" = 1.2 ] && [ ! -e "$work/killed" ]; then
    touch "$work/killed"
    "$othello" train --dir "$work/shards" --rounds "$round" --shard "$shard/4" $train_args 2>/dev/null &
    kill -KILL $!
    # Its exit status, 137, goes to the job log; bash's own "Killed" line does not.
    { wait $!; } 2>/dev/null || return $?
  fi
  "$othello" train --dir "$work/shards" --rounds "$round" --shard "$shard/4" $train_args 2>/dev/null
}
export -f shard_job
export othello work train_args

for round in 1 2; do
  joblog="$work/jobs-$round.log"
  # The first launch: in round 1, shard 2 dies.
  parallel --will-cite -j2 --joblog "$joblog" --resume-failed \
    shard_job "$round" {} ::: 1 2 3 4 >/dev/null || true
  if [ "$round" = 1 ]; then
    failed=$(awk 'NR > 1 && $7 != 0' "$joblog" | wc -l)
    [ "$failed" = 1 ] || { echo "make scale-test: FAILED: expected 1 shard killed, the job log says $failed" >&2; exit 1; }
    "$othello" train status "$work/shards" | grep -q "^round 1: 4 shards: done 1, 3-4; missing 2; bad none: 36 of 48 games$" ||
      { echo "make scale-test: FAILED: othello train status does not list shard 2 as missing" >&2; exit 1; }
  fi
  # The same command again: parallel runs the failed job alone.
  parallel --will-cite -j2 --joblog "$joblog" --resume-failed \
    shard_job "$round" {} ::: 1 2 3 4 >/dev/null
  "$othello" train --dir "$work/shards" --rounds "$round" $train_args >/dev/null 2>&1
done
for file in round-1.data round-2.data round-1.weights round-2.weights; do
  cmp -s "$work/one/$file" "$work/shards/$file" ||
    { echo "make scale-test: FAILED: $file differs between one process and 4 shards" >&2; exit 1; }
done
echo "make scale-test: 2 rounds of 4 shards by GNU parallel, shard 2 of round 1 killed and resumed: the same data and weights as one process"

# The Slurm array's and the Indexed Job's tasks, as dry runs: each says which games it would play.
for task in 1 2 3 4; do
  SLURM_ARRAY_TASK_ID=$task "$othello" train --dir "$work/shards" --rounds 3 --shard auto/4 --dry-run $train_args
done
for index in 0 1 2 3; do
  JOB_COMPLETION_INDEX=$index "$othello" train --dir "$work/shards" --rounds 3 --shard auto/4 --dry-run $train_args
done
