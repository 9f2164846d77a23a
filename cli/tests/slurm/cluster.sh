#!/bin/sh
# A one-node Slurm cluster on localhost, for cli/tests/slurm.rs and for trying the Slurm recipe of
# docs/scale-out.md by hand. Runs as root on a machine without an init system (a CI container):
# every daemon is started directly, keeps its state under DIR, and is stopped by its pid file.
#
#   cli/tests/slurm/cluster.sh start DIR   munged, slurmctld, slurmd; returns once the node is idle
#   cli/tests/slurm/cluster.sh stop DIR    stops them all and waits until none is left
#
# Clients find the cluster with SLURM_CONF=DIR/slurm.conf. It installs nothing: Debian's
# `slurm-wlm` and `munge` must be there (.ci/run installs them). The ports are 6817 and 6818
# unless SLURM_CLUSTER_PORT gives the first of two others.
set -eu

usage() {
  echo "usage: $0 start|stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
action=$1
dir=$2

# Waits up to $1 seconds for the command that follows to succeed.
wait_for() {
  deadline=$(($(date +%s) + $1))
  shift
  until "$@"; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      return 1
    fi
    sleep 0.5
  done
}

# The pid in pid file $1, if that process is alive.
live_pid() {
  pid=$(cat "$1" 2>/dev/null) || return 1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

not_running() {
  ! live_pid "$1" >/dev/null
}

# Sends TERM to the daemon of pid file $1, then KILL if it is still there after 15 seconds.
stop_daemon() {
  pid=$(live_pid "$1") || return 0
  kill -TERM "$pid" 2>/dev/null || true
  if ! wait_for 15 not_running "$1"; then
    echo "$1: still running after TERM, killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
    wait_for 5 not_running "$1"
  fi
}

node_idle() {
  sinfo --noheader --nodes="$node" --format=%t 2>/dev/null | grep -qx idle
}

start() {
  for program in munged slurmctld slurmd sinfo; do
    command -v "$program" >/dev/null || {
      echo "$program is not installed (apt-get install slurm-wlm munge)" >&2
      exit 1
    }
  done
  [ "$(id -u)" = 0 ] || { echo "the cluster runs as root" >&2; exit 1; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  dir=$(cd "$dir" && pwd)
  # munged refuses a socket directory others may write to, or not reach, and runs as its own
  # user with the key Debian's package made.
  chown munge:munge "$dir/munge"
  chmod 0711 "$dir/munge"
  runuser -u munge -- munged \
    --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed"
  wait_for 10 test -S "$dir/munge/munge.socket" || {
    echo "munged did not start:" >&2
    cat "$dir/munge/munged.log" >&2 || true
    exit 1
  }

  node=$(hostname -s)
  port=${SLURM_CLUSTER_PORT:-6817}
  cat >"$dir/slurm.conf" <<EOF
ClusterName=arbiter-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
# sbatch --wait sleeps 2 s, then 8 s, then 32 s between polls while its sleep is under half
# of MinJobAge: at 4 it polls every 2 s (an array done after 3 s is no longer seen at 10 s),
# and a finished job is kept the 4 s it takes to be seen.
MinJobAge=4
# A batch job is scheduled when it is submitted, and the next when one ends, instead of up to
# 3 s later (the default delay, for sites that submit thousands at once): an array of four
# waited 3 s to start.
SchedulerParameters=batch_sched_delay=0
KillWait=5
# Four CPUs on the node, whatever the machine has (config_overrides: slurmd takes the
# configured count instead of draining the node for claiming more than it finds), so the four
# tasks of an array run at once, as on four nodes, and not two after two. Each plays one game
# at a time: four searching engines at most, the share of the processor the test takes.
SlurmdParameters=config_overrides
NodeName=$node NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"
  # Without -D both daemonize and write their pid files; -i starts afresh from no saved state.
  slurmctld -i -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF" -N "$node"
  wait_for 60 node_idle || {
    echo "the node $node did not become idle within 60s:" >&2
    sinfo >&2 || true
    tail -n 30 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
    exit 1
  }
}

stop() {
  [ -d "$dir" ] || return 0
  dir=$(cd "$dir" && pwd)
  export SLURM_CONF="$dir/slurm.conf"
  # Jobs first, so no step outlives its slurmd.
  if [ -f "$SLURM_CONF" ] && live_pid "$dir/slurmctld.pid" >/dev/null; then
    timeout 10 scancel --full --quiet --user=root 2>/dev/null || true
  fi
  stop_daemon "$dir/slurmd.pid"
  stop_daemon "$dir/slurmctld.pid"
  stop_daemon "$dir/munge/munged.pid"
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
