#!/usr/bin/env bash
# scripts/slurm-sweep.sh — a Slurm batch script: every 4 Card Split preset
# on several nodes, one MPI rank per node and OpenMP threads on its cores.
#   sbatch --nodes=4 scripts/slurm-sweep.sh            (from the repository)
# Results: results/sweep-split-<jobid>.json (written whole by rank 0).
#SBATCH --job-name=fourcard-sweep
#SBATCH --ntasks-per-node=1
#SBATCH --exclusive
#SBATCH --time=00:30:00
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-.}"
[ -x build/solver/fourcard ] || scripts/build
export OMP_NUM_THREADS=${SLURM_CPUS_ON_NODE:-$(nproc)}
# one rank per node; each rank pins its threads to its node's cores (--bind core)
srun --mpi=pmix build/solver/fourcard sweep split --json --bind core -q \
    -o "results/sweep-split-${SLURM_JOB_ID:-local}.json"
