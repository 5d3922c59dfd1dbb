package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.POSITIVE;
import static dev.jsm.conf.OptionList.U31;

import java.util.List;

/**
 * Options of the {@link OptionGroup#TIMING} section: the SMP window, MAD timeouts and retries, queueing. Each
 * constant's description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class TimingOptions {

    private static final OptionList L = new OptionList(OptionGroup.TIMING);

    public static final Option<Long> MAX_WIRE_SMPS = L.live("max_wire_smps", U31, 4L,
            "SMPs in flight at once; 0 means no limit");
    public static final Option<Long> MAX_WIRE_SMPS2 = L.live("max_wire_smps2", U31, 4L,
            "Larger in-flight limit allowed after max_smps_timeout; a value up to max_wire_smps turns it off");
    public static final Option<Long> MAX_SMPS_TIMEOUT = L.live("max_smps_timeout", U31, 600000L,
            "Microseconds the window stays full before max_wire_smps2 applies");
    public static final Option<Long> TRANSACTION_TIMEOUT = L.restart("transaction_timeout", POSITIVE, 200L,
            "Milliseconds to wait for a MAD response before retrying");
    public static final Option<Long> TRANSACTION_RETRIES = L.restart("transaction_retries", U31, 3L,
            "Retries of an unanswered MAD before it counts as failed");
    public static final Option<Long> LONG_TRANSACTION_TIMEOUT = L.restart("long_transaction_timeout", POSITIVE, 500L,
            "Milliseconds to wait for slow responses, such as the optimized SL2VL table Set");
    public static final Option<Long> MAX_MSG_FIFO_TIMEOUT = L.live("max_msg_fifo_timeout", U31, 10000L,
            "Milliseconds a request may wait in the incoming queue before SA requests start being dropped");
    public static final Option<Boolean> SINGLE_THREAD = L.restart("single_thread", BOOL, false,
            "Serve SA requests on a single thread");

    static final List<Option<?>> ALL = L.all();

    private TimingOptions() {
    }
}
