package dev.jsm.sa.codec;

/**
 * SA status codes (IBA 15.2.1.1 table 190): the class-specific bits 15:8 of the MAD Status field, as OpenSM
 * answers them. The common status codes (bad version, method unsupported, invalid field) are in
 * {@link dev.jsm.mad.codec.MadStatus}.
 *
 * <p>Stateless.
 */
public final class SaStatus {

    /** Success. */
    public static final int OK = 0x0000;
    /** ERR_NO_RESOURCES: not enough resources to complete the request. */
    public static final int NO_RESOURCES = 0x0100;
    /** ERR_REQ_INVALID: the request is invalid (bad component mask, bad field values). */
    public static final int REQ_INVALID = 0x0200;
    /** ERR_NO_RECORDS: a Get matched no record. */
    public static final int NO_RECORDS = 0x0300;
    /** ERR_TOO_MANY_RECORDS: a Get matched more than one record. */
    public static final int TOO_MANY_RECORDS = 0x0400;
    /** ERR_REQ_INVALID_GID: a GID in the request is not valid. */
    public static final int INVALID_GID = 0x0500;
    /** ERR_REQ_INSUFFICIENT_COMPONENTS: the component mask lacks required components. */
    public static final int INSUFFICIENT_COMPONENTS = 0x0600;
    /** ERR_REQ_DENIED: the request was denied (not permitted to this requester). */
    public static final int DENIED = 0x0700;
    /** ERR_REQ_PRIORITY_SUGGESTED: the requested priority is not available. */
    public static final int PRIORITY_SUGGESTED = 0x0800;

    private SaStatus() {
    }

    /** The spec's name of an SA or common status, or its hex value if unknown. */
    public static String name(int status) {
        return switch (status) {
            case OK -> "OK";
            case NO_RESOURCES -> "ERR_NO_RESOURCES";
            case REQ_INVALID -> "ERR_REQ_INVALID";
            case NO_RECORDS -> "ERR_NO_RECORDS";
            case TOO_MANY_RECORDS -> "ERR_TOO_MANY_RECORDS";
            case INVALID_GID -> "ERR_REQ_INVALID_GID";
            case INSUFFICIENT_COMPONENTS -> "ERR_REQ_INSUFFICIENT_COMPONENTS";
            case DENIED -> "ERR_REQ_DENIED";
            case PRIORITY_SUGGESTED -> "ERR_REQ_PRIORITY_SUGGESTED";
            default -> String.format("0x%04x", status);
        };
    }
}
