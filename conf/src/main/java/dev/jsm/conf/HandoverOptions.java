package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.NIBBLE;
import static dev.jsm.conf.OptionList.POSITIVE;
import static dev.jsm.conf.OptionList.U31;

import java.util.List;

/**
 * Options of the {@link OptionGroup#HANDOVER} section: master election and standby polling. Each constant's
 * description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class HandoverOptions {

    private static final OptionList L = new OptionList(OptionGroup.HANDOVER);

    public static final Option<Long> SM_PRIORITY = L.live("sm_priority", NIBBLE, 0L,
            "This SM's priority, 0..15; the highest priority, then the lowest port GUID, becomes master");
    public static final Option<Boolean> IGNORE_OTHER_SM = L.live("ignore_other_sm", BOOL, false,
            "Act as if no other SM were on the subnet (no SMInfo negotiation)");
    public static final Option<Long> SMINFO_POLLING_TIMEOUT = L.live("sminfo_polling_timeout", POSITIVE, 10000L,
            "Milliseconds between polls of the master SM while standing by");
    public static final Option<Long> POLLING_RETRY_NUMBER = L.live("polling_retry_number", U31, 4L,
            "Unanswered polls after which a standby SM takes the master for gone");
    public static final Option<Boolean> HONOR_GUID2LID_FILE = L.live("honor_guid2lid_file", BOOL, false,
            "Use the LIDs of a valid guid2lid file when coming out of standby");

    static final List<Option<?>> ALL = L.all();

    private HandoverOptions() {
    }
}
