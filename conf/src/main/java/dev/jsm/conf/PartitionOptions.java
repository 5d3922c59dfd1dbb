package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.PATH;

import dev.jsm.conf.IntType.Style;
import java.util.List;

/**
 * Options of the {@link OptionGroup#PARTITIONING} section: the partition policy file and how P_Keys are enforced.
 * Each constant's description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class PartitionOptions {

    private static final OptionList L = new OptionList(OptionGroup.PARTITIONING);

    public static final Option<String> PARTITION_CONFIG_FILE = L.restart("partition_config_file", PATH,
            "/etc/opensm/partitions.conf", "Partition (P_Key) policy file");
    public static final Option<Boolean> NO_PARTITION_ENFORCEMENT = L.live("no_partition_enforcement", BOOL, false,
            "Deprecated; TRUE means part_enforce off");
    public static final Option<String> PART_ENFORCE = L.live("part_enforce", ChoiceType.of("both", "in", "out", "off"),
            "both", "Directions in which switches check P_Keys: both, in, out or off");
    public static final Option<Boolean> ALLOW_BOTH_PKEYS = L.restart("allow_both_pkeys", BOOL, false,
            "Allow full and limited membership of the same partition on one port");
    public static final Option<Boolean> KEEP_PKEY_INDEXES = L.live("keep_pkey_indexes", BOOL, true,
            "Keep P_Keys at the index they already have when port P_Key tables are rebuilt");
    public static final Option<Long> SM_ASSIGNED_GUID = L.live("sm_assigned_guid", IntType.range(0, 255, Style.HEX2),
            0L, "Byte the SM puts into the alias GUIDs it generates; make it unique per subnet");

    static final List<Option<?>> ALL = L.all();

    private PartitionOptions() {
    }
}
