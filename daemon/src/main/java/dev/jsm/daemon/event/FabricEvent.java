package dev.jsm.daemon.event;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One event the SM reports to the plug-ins: the event kinds of OpenSM's {@code osm_epi_event_id_t}, each a record
 * with what OpenSM's event data holds (docs/event-plugins.md lists them). Every event carries the wall-clock time
 * it happened. Immutable; safe to share.
 */
public sealed interface FabricEvent {

    /** When the event happened. */
    Instant time();

    /** OpenSM's name of the event kind ({@code PORT_ERRORS}, {@code SUBNET_UP}, ...). */
    String kind();

    /** A port the performance manager read: its node's GUID and name (node_name_map) and its number. */
    record PortId(long nodeGuid, int port, String nodeName) {
    }

    /**
     * The error counters of a port rose since the previous reading (OpenSM's {@code PORT_ERRORS}): each counter's
     * increase, named as OpenSM's dumps name it ({@code symbol_err_cnt}, ...), over {@code seconds}.
     */
    record PortErrors(Instant time, PortId port, Map<String, Long> increases, double seconds) implements FabricEvent {
        public PortErrors {
            increases = Map.copyOf(increases);
        }

        @Override
        public String kind() {
            return "PORT_ERRORS";
        }
    }

    /** A port's data and packet counters were read ({@code PORT_DATA_COUNTERS}): each one's increase. */
    record PortDataCounters(Instant time, PortId port, Map<String, Long> increases, double seconds)
            implements FabricEvent {
        public PortDataCounters {
            increases = Map.copyOf(increases);
        }

        @Override
        public String kind() {
            return "PORT_DATA_COUNTERS";
        }
    }

    /** A port's PortXmitWait was read ({@code PORT_SELECT}): its increase. */
    record PortSelect(Instant time, PortId port, long xmitWait, double seconds) implements FabricEvent {
        @Override
        public String kind() {
            return "PORT_SELECT";
        }
    }

    /**
     * A trap the SM received as master ({@code TRAP}; repeats it suppressed are not reported): the Notice's issuer
     * LID, whether it is generic, its type, its trap number (generic) or device ID, and its producer type (generic)
     * or vendor ID.
     */
    record Trap(Instant time, int issuerLid, boolean generic, int type, int trapNumber, int producerOrVendor)
            implements FabricEvent {
        @Override
        public String kind() {
            return "TRAP";
        }
    }

    /** The fabric is configured ({@code SUBNET_UP}): the SM logged SUBNET UP. */
    record SubnetUp(Instant time) implements FabricEvent {
        @Override
        public String kind() {
            return "SUBNET_UP";
        }
    }

    /** A heavy sweep starts ({@code HEAVY_SWEEP_START}). */
    record HeavySweepStart(Instant time) implements FabricEvent {
        @Override
        public String kind() {
            return "HEAVY_SWEEP_START";
        }
    }

    /** A heavy sweep ended ({@code HEAVY_SWEEP_DONE}); {@code ok}: every stage ran through. */
    record HeavySweepDone(Instant time, boolean ok) implements FabricEvent {
        @Override
        public String kind() {
            return "HEAVY_SWEEP_DONE";
        }
    }

    /**
     * The unicast tables are programmed ({@code UCAST_ROUTING_DONE}): every LFT Set answered. {@code cause} is
     * OpenSM's flag: {@code HEAVY_SWEEP} (a sweep routed) or {@code REROUTE} (routes changed without one: off-sweep
     * balancing).
     */
    record UcastRoutingDone(Instant time, String cause) implements FabricEvent {
        public UcastRoutingDone {
            Objects.requireNonNull(cause, "cause");
        }

        @Override
        public String kind() {
            return "UCAST_ROUTING_DONE";
        }
    }

    /** The SM entered {@code state} ({@code STATE_CHANGE}): DISCOVERING, STANDBY, NOTACTIVE or MASTER. */
    record StateChange(Instant time, String state) implements FabricEvent {
        @Override
        public String kind() {
            return "STATE_CHANGE";
        }
    }

    /** The SA's state was written to {@code file} ({@code SA_DB_DUMPED}; {@code sa_db_dump}). */
    record SaDbDumped(Instant time, String file) implements FabricEvent {
        @Override
        public String kind() {
            return "SA_DB_DUMPED";
        }
    }

    /**
     * A switch's unicast table changed ({@code LFT_CHANGE}): its LinearFDBTop ({@code topChanged}, {@code block}
     * -1) or one 64-LID block ({@code block}) was set.
     */
    record LftChange(Instant time, long switchGuid, boolean topChanged, int lftTop, int block)
            implements FabricEvent {
        @Override
        public String kind() {
            return "LFT_CHANGE";
        }
    }
}
