package dev.jsm.conf;

import static dev.jsm.conf.OptionList.PATH;
import static dev.jsm.conf.OptionList.TEXT;

import java.util.List;

/**
 * Options of the {@link OptionGroup#EVENT_DB}, {@link OptionGroup#EVENT_PLUGIN} and
 * {@link OptionGroup#NODE_NAME_MAP} sections. All need a restart. Each constant's description string is its
 * documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class EventOptions {

    private static final OptionList L = new OptionList(OptionGroup.EVENT_DB);

    public static final Option<String> EVENT_DB_DUMP_FILE = L.restart("event_db_dump_file", PATH, null,
            "File the performance manager's event database is written to");

    static {
        L.group(OptionGroup.EVENT_PLUGIN);
    }

    public static final Option<String> EVENT_PLUGIN_NAME = L.restart("event_plugin_name", TEXT, null,
            "Event plug-ins to load, separated by blanks or commas");
    public static final Option<String> EVENT_PLUGIN_OPTIONS = L.restart("event_plugin_options", TEXT, null,
            "Text handed to the event plug-ins as their options");

    static {
        L.group(OptionGroup.NODE_NAME_MAP);
    }

    public static final Option<String> NODE_NAME_MAP_NAME = L.restart("node_name_map_name", PATH, null,
            "Node name map (GUID to name, see ibnetdiscover) used in log messages and dumps");

    static final List<Option<?>> ALL = L.all();

    private EventOptions() {
    }
}
