package dev.jsm.sa.limit;

/**
 * Why the SA refused a request it would otherwise have served: one reason per {@link SaLimits} bound (and the
 * ServiceRecord authorization), the label it has on {@code /metrics} ({@code jsm_sa_refused_total{reason=...}}), the
 * words of its log line, and whether the requester is answered (an error status or an RMPP STOP) or the request is
 * dropped.
 */
public enum Refusal {
    /** Over the requester's rate ({@link SaLimits#requestsPerSecond}): dropped. */
    RATE("rate", "over the rate limit", false),
    /** The queue for the agent thread is full, or the requester's share of it: dropped. */
    QUEUE("queue", "the SA queue (or this requester's share of it) is full", false),
    /**
     * A Get or GetTable while more than one MAD waits for the agent thread and the last it took had waited longer
     * than {@code max_msg_fifo_timeout}: dropped, as OpenSM drops it.
     */
    QUEUE_WAIT("queue_wait", "SA requests wait longer than max_msg_fifo_timeout for the SA's thread", false),
    /** A multi-MAD request announcing more than any SA request needs: STOP (resources exhausted). */
    RMPP_TOO_LARGE("rmpp_too_large", "a multi-MAD request announces more bytes than any SA request needs", true),
    /** Too many multi-MAD requests being reassembled, from the requester or in all: STOP. */
    RMPP_OPEN("rmpp_open", "too many multi-MAD requests being reassembled", true),
    /**
     * An answer larger than {@link AnswerCaps#MAX_BYTES}, or a PathRecord table of more than {@link
     * AnswerCaps#MAX_PATH_RECORDS}: ERR_NO_RESOURCES.
     */
    ANSWER_TOO_LARGE("answer_too_large", "the answer would be larger than the largest the SA builds ("
            + (AnswerCaps.MAX_BYTES >> 10) + " KiB, a sixteenth of the heap: a larger -Xmx in "
            + "JAVA_OPTS raises it), or a PathRecord table than the largest it streams ("
            + AnswerCaps.MAX_PATH_RECORDS + " records)", true),
    /** Table answers in flight over the requester's or the total budget: ERR_NO_RESOURCES. */
    ANSWERS_IN_FLIGHT("answers_in_flight", "too many answer bytes are being sent already", true),
    /** Streamed PathRecord tables over the requester's or the total count ({@link SaLimits#streamedTables}). */
    STREAMED_TABLES("streamed_tables", "a table of PathRecords is being streamed to this requester already (or as "
            + "many as the SA streams at once to all)", true),
    /** ServiceRecords over the port's share or the total: ERR_NO_RESOURCES. */
    SERVICE_RECORDS("service_records", "too many ServiceRecords registered", true),
    /** A ServiceRecord Delete or Set of a record the requester may not change: ERR_NO_RECORDS / ERR_REQ_DENIED. */
    SERVICE_RECORD_FOREIGN("service_record_foreign", "a ServiceRecord registered by another port was to change",
            true),
    /** InformInfo subscriptions over the port's share or the total: ERR_NO_RESOURCES. */
    SUBSCRIPTIONS("subscriptions", "too many event subscriptions", true),
    /** Multicast groups created by the port over its share: ERR_NO_RESOURCES. */
    MCAST_GROUPS("mcast_groups", "too many multicast groups created", true),
    /**
     * A refusal beyond the requester's answered ones ({@link SaLimits#refusalAnswersPerSecond}): no answer, the
     * refusal itself counted under its own reason too.
     */
    REFUSAL_ANSWERS("refusal_answers", "refused more often than the SA answers refusals; the others go unanswered",
            false);

    private final String label;
    private final String text;
    private final boolean answered;

    Refusal(String label, String text, boolean answered) {
        this.label = label;
        this.text = text;
        this.answered = answered;
    }

    /** The metric label. */
    public String label() {
        return label;
    }

    /** What was refused, for the log. */
    public String text() {
        return text;
    }

    /** Whether the requester gets an answer saying so (within its budget), rather than silence. */
    public boolean answered() {
        return answered;
    }
}
