#!/bin/sh
# Submits segments.sbatch (a Slurm array: each task encodes its share of PROJECT's segments) and
# segments-join.sbatch (one job that joins them, started only when every task has succeeded).
# From the directory the project's paths are relative to, on storage every node shares:
#
#   PROJECT=Projects/talk.yaml examples/build/segments-submit.sh
#
# Extra arguments go to both sbatch commands (--partition=video, --account=…). Prints the two job
# ids; `squeue -u "$USER"` shows them, and the logs are chromake-segments-ARRAY_TASK.log and
# chromake-segments-join-JOB.log in this directory.
set -eu

: "${PROJECT:?set PROJECT to a project whose output: says segment: (for example segment: 2s)}"
here=$(dirname "$0")
jid=$(sbatch --parsable "$@" "$here/segments.sbatch")
jid=${jid%%;*} # --parsable prints JOBID or JOBID;CLUSTER
join=$(sbatch --parsable "$@" --dependency=afterok:"$jid" "$here/segments-join.sbatch")
echo "segments: array job $jid; join: job ${join%%;*}, after every task of $jid succeeds"
