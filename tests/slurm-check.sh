#!/bin/sh
# slurm-check.sh BUILD - mg-match as a Slurm array job, on a real one-node
# Slurm cluster that this test starts and stops (make check-slurm; as
# root, with slurm-wlm and munge installed, else skipped with the reason):
#  - a temporary directory holds everything: a munge key, munged on its
#    own socket, slurm.conf and cgroup.conf for localhost (2 CPUs, one
#    partition), slurmctld and slurmd in the foreground (-D) on ports of
#    their own, their state, spool, logs and pids;
#  - sbatch --array=0-3 --wait runs examples/slurm/match.sbatch: each task
#    takes its shard from SLURM_ARRAY_TASK_ID and writes its JSON and
#    records under names with the shard;
#  - mg-match --merge --sprt of the four JSON files gives exactly the
#    totals (and the pentanomial counts, the LLR and the decision of the
#    SPRT) of one unsharded run of the same match with --sprt;
#  - a stepped array (--array=10-16:2) gives the same totals;
#  - every daemon it started is stopped at the end (trap), whatever
#    happens.
set -u
B=$(cd "${1:-build}" && pwd)
pr=$B/programs
here=$(cd "$(dirname "$0")/.." && pwd)
script=$here/examples/slurm/match.sbatch
install="apt-get install -y slurm-wlm munge"

skip() { echo "slurm-check: skipped: $*"; exit 0; }
[ "$(id -u)" = 0 ] || skip "not root (the daemons run as root here)"
for t in munged slurmctld slurmd sbatch scontrol sinfo; do
    command -v "$t" >/dev/null 2>&1 ||
        PATH=$PATH:/usr/sbin command -v "$t" >/dev/null 2>&1 ||
        skip "$t is not installed (install: $install)"
done
PATH=$PATH:/usr/sbin
command -v mungekey >/dev/null 2>&1 || command -v dd >/dev/null 2>&1 ||
    skip "no way to make a munge key"
[ -x "$pr/mg-match" ] || { echo "slurm-check: no $pr/mg-match (make first)" >&2; exit 1; }

tmp=$(mktemp -d /tmp/mg-slurm.XXXXXX)
chmod 755 "$tmp"
pids=""
ours=0 # 1 once slurmctld of this test is started
fail=0
note() { echo "slurm-check: $*" >&2; fail=1; }

# Stop what this test started: the jobs (scancel, while the cluster is
# up), then the daemons by pid, newest first, and any process still
# running with this cluster's SLURM_CONF (a job step of a slurmd that was
# killed); then the files.
stop_all() {
    trap '' INT TERM HUP
    [ -n "${sb:-}" ] && kill "$sb" 2>/dev/null
    if [ "$ours" = 1 ]; then # never another cluster's jobs
        jobs=$(SLURM_CONF=$tmp/slurm.conf squeue -h -o %A 2>/dev/null)
        if [ -n "$jobs" ]; then
            # shellcheck disable=SC2086
            SLURM_CONF=$tmp/slurm.conf scancel $jobs 2>/dev/null
            n=0
            while [ -n "$(SLURM_CONF=$tmp/slurm.conf squeue -h -o %A 2>/dev/null)" ] &&
                [ $n -lt 100 ]; do
                sleep 0.1; n=$((n + 1))
            done
        fi
    fi
    rev=""
    for p in $pids; do rev="$p $rev"; done
    for p in $rev; do
        kill "$p" 2>/dev/null
        n=0
        while kill -0 "$p" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
        kill -0 "$p" 2>/dev/null && { kill -9 "$p" 2>/dev/null; echo "slurm-check: pid $p killed" >&2; }
    done
    pids=""
    for e in /proc/[0-9]*/environ; do
        p=${e#/proc/}; p=${p%/environ}
        [ "$p" = $$ ] && continue
        { tr '\0' '\n' <"$e"; } 2>/dev/null | grep -qx "SLURM_CONF=$tmp/slurm.conf" || continue
        kill -9 "$p" 2>/dev/null && echo "slurm-check: pid $p (left by the cluster) killed" >&2
    done
    rm -rf "$tmp"
}
trap 'stop_all' EXIT
trap 'exit 130' INT TERM HUP

show_logs() {
    for f in "$tmp"/log/*; do
        [ -s "$f" ] || continue
        echo "---- $f" >&2; tail -n 15 "$f" >&2
    done
}
die() { note "$*"; show_logs; exit 1; }

mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/run" "$tmp/work"
chmod 700 "$tmp/munge"

# ------------------------------------------------------------------ munge
key=$tmp/munge/munge.key
if command -v mungekey >/dev/null 2>&1; then
    mungekey --create --keyfile="$key" >/dev/null 2>&1 || rm -f "$key"
fi
[ -s "$key" ] || dd if=/dev/urandom of="$key" bs=1024 count=1 2>/dev/null
chmod 400 "$key"
sock=$tmp/munge/munge.socket
munged -F -f --socket="$sock" --key-file="$key" --pid-file="$tmp/run/munged.pid" \
    --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/seed" \
    >>"$tmp/log/munged.out" 2>&1 &
pids="$pids $!"
n=0
until [ -S "$sock" ] || [ $n -ge 50 ]; do sleep 0.1; n=$((n + 1)); done
[ -S "$sock" ] || die "munged did not start"
if command -v munge >/dev/null 2>&1; then
    munge -n --socket="$sock" | unmunge --socket="$sock" >/dev/null 2>&1 ||
        die "munge: a credential does not decode"
fi

# ------------------------------------------------------------------ slurm
# Ports of our own, from the pid, so that a Slurm of the machine (or
# another run) is not in the way.
base=$((20000 + ($$ % 2000) * 4))
conf=$tmp/slurm.conf
cat >"$conf" <<EOF
ClusterName=mgtest
SlurmctldHost=localhost
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SrunPortRange=$((base + 2))-$((base + 3))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
SlurmdParameters=config_overrides
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$tmp/plugstack.conf
MinJobAge=300
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
cat >"$tmp/cgroup.conf" <<EOF
CgroupPlugin=cgroup/v1
IgnoreSystemd=yes
ConstrainCores=no
ConstrainRAMSpace=no
EOF
: >"$tmp/plugstack.conf"
export SLURM_CONF="$conf"
# The job's environment must not say it is already in a job.
unset SLURM_JOB_ID SLURM_JOBID SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT \
    SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_STEP

slurmctld -D -i -f "$conf" >>"$tmp/log/slurmctld.out" 2>&1 &
pids="$pids $!"
ours=1
slurmd -D -N localhost -f "$conf" >>"$tmp/log/slurmd.out" 2>&1 &
pids="$pids $!"
n=0
until sinfo -h -N -o '%t' 2>/dev/null | grep -q '^idle' || [ $n -ge 300 ]; do
    sleep 0.1; n=$((n + 1))
done
sinfo -h -N -o '%t' 2>/dev/null | grep -q '^idle' ||
    die "the node did not become idle ($(sinfo -h -N -o '%t %E' 2>&1))"
echo "slurm-check: a one-node cluster is up ($(sinfo -h -o '%P %D nodes %c CPUs %t'))"

# ------------------------------------------------------------------ jobs
game="dots_and_boxes(rows=2,cols=2)" # draws: every pentanomial bin
sprt="elo0=0,elo1=5,alpha=0.001,beta=0.001"
cd "$tmp/work" || die "no work directory"
export MG_MATCH="$pr/mg-match"
args="-n 40 -s $game --seed 7 random random"
mkdir -p a b
# One task per CPU; --wait returns when every task has ended.
# shellcheck disable=SC2086
submit() { # DIR ARRAY
    MG_MATCH_OUT="$tmp/work/$1/match" timeout 90 sbatch --wait --array="$2" \
        --output="$tmp/work/$1/task-%A_%a.out" --chdir="$tmp/work/$1" \
        --cpus-per-task=1 "$script" $args >"$tmp/work/$1.sbatch" 2>&1 &
    sb=$!
    wait $sb || die "sbatch --array=$2: $(cat "$tmp/work/$1.sbatch")
$(cat "$tmp/work/$1"/task-*.out 2>/dev/null | tail -n 20)"
    sb=""
}
submit a 0-3
ls a/match-*-of-4.json >/dev/null 2>&1 || die "no JSON from the array's tasks"
set -- a/match-*-of-4.json
[ $# = 4 ] || note "not 4 JSON files: $(ls a)"
set -- a/match-*-of-4.rec
[ $# = 4 ] || note "not 4 records files: $(ls a)"
grep -q "^shard [1-4]/4 from Slurm array task [0-3]" a/task-*.out ||
    note "the tasks do not say their shard"

# shellcheck disable=SC2086
"$pr/mg-match" --merge --sprt "$sprt" --json merged.json a/match-*-of-4.json \
    >merged.out 2>&1 || die "--merge: $(cat merged.out)"
# shellcheck disable=SC2086
"$pr/mg-match" -q $args --sprt "$sprt" --json one.json >one.out 2>&1 || die "one run: $(cat one.out)"
body() { sed '/"run"/,$d' "$1"; } # a summary's JSON without the run's facts
body one.json >one.body
body merged.json >merged.body
if cmp -s one.body merged.body; then
    echo "slurm-check: 4 array tasks merged = one run: $(grep '^A vs B' merged.out)"
else
    note "the merged array is not one run's totals"; diff one.body merged.body >&2
fi
bins=$(grep -o '"[LWD][LWD]": [1-9]' one.json | wc -l)
[ "$bins" -ge 4 ] || note "only $bins pentanomial bins counted: a weak test"
grep -q '"decision": "none"' one.json ||
    note "the one run decided early: its SPRT did not see every pair"
grep '^SPRT' merged.out | head -n 1 | sed 's/^/slurm-check: merged: /'

# A stepped array: task 10 + 2 (I - 1) is shard I of 4.
mkdir -p b
submit b 10-16:2
"$pr/mg-match" --merge --sprt "$sprt" --json stepped.json b/match-*-of-4.json \
    >stepped.out 2>&1 || die "--merge, stepped: $(cat stepped.out)"
body stepped.json >stepped.body
cmp -s one.body stepped.body || { note "a stepped array is not one run's totals"; diff one.body stepped.body >&2; }
grep -q "^shard 4/4 from Slurm array task 16" b/task-*.out ||
    note "task 16 of 10-16:2 is not shard 4/4"

if [ $fail = 0 ]; then
    echo "slurm-check: all passed (array 0-3 and 10-16:2, merge, SPRT)"
else
    show_logs
    exit 1
fi
