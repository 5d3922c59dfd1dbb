package dev.jsm.mad.ibsim;

/**
 * The bash wrapper {@link IbsimHarness} runs (inside {@code unshare} when permitted): starts ibsim, waits until its
 * control socket is bound (then creates {@code ibsim.ready}), runs the child command with umad2sim preloaded, then
 * stops ibsim by its PID and exits with the child's status.
 *
 * <p>Arguments: {@code $1} scratch directory, {@code $2} net file, {@code $3} console flag ({@code 1}/{@code 0}),
 * {@code $4} extra ibsim options (word-split), then the child command. {@code $UMAD2SIM} names the preload library.
 * Reserved exit statuses: 96 scratch directory unusable, 97 ibsim died before it was ready, 98 ibsim not ready
 * within 10 s.
 */
final class IbsimScript {

    /** Exit status when ibsim died before binding its control socket. */
    static final int IBSIM_DIED = 97;
    /** Exit status when ibsim did not bind its control socket within 10 s. */
    static final int IBSIM_NOT_READY = 98;

    static final String TEXT = """
            set -u
            dir=$1 net=$2 console=$3 extra=$4
            shift 4
            cd "$dir" || exit 96
            sock="${IBSIM_SOCKNAME:-sim}"
            feeder=
            if [ "$console" = 1 ]; then
              mkfifo console.fifo || exit 96
              exec 3<>console.fifo
              ibsim -s $extra "$net" <&3 >ibsim.log 2>&1 &
              sim=$!
              cat <&0 >&3 &
              feeder=$!
              exec 3>&-
            else
              ibsim -s -n $extra "$net" </dev/null >ibsim.log 2>&1 &
              sim=$!
            fi
            polls=0
            until grep -qE "@$sock:ctl@?$" /proc/net/unix; do
              if ! kill -0 "$sim" 2>/dev/null; then
                wait "$sim"
                echo "[ibsim] exited with status $? before binding @$sock:ctl (see ibsim.log)" >&2
                exit 97
              fi
              polls=$((polls + 1))
              if [ "$polls" -ge 2000 ]; then
                echo "[ibsim] @$sock:ctl not bound after 10 s" >&2
                kill "$sim"; wait "$sim"
                exit 98
              fi
              sleep 0.005
            done
            : > ibsim.ready
            LD_PRELOAD="$UMAD2SIM" "$@" </dev/null
            rc=$?
            kill "$sim" 2>/dev/null; wait "$sim" 2>/dev/null
            if [ -n "$feeder" ]; then kill "$feeder" 2>/dev/null; wait "$feeder" 2>/dev/null; fi
            exit $rc
            """;

    private IbsimScript() {
    }
}
