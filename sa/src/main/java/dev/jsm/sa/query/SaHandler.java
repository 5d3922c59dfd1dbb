package dev.jsm.sa.query;

/**
 * Answers the SA requests of one (attribute, method) pair of the {@link SaDispatch} table: the records, or the
 * status that refuses the request, or {@link SaAnswer#dropped()} for a request that gets no answer at all. A handler
 * answering a Get returns every matching record; the table, not the handler, turns none or several into the Get's
 * error.
 *
 * <p>Handlers of the records read from the view are stateless and thread-safe; those of the records the agent keeps
 * are confined to the agent's thread.
 */
@FunctionalInterface
public interface SaHandler {

    /**
     * The answer to {@code request}.
     *
     * @param nowNanos the agent's clock ({@link System#nanoTime()} scale), for the records that expire
     */
    SaAnswer answer(SaView view, SaRequest request, long nowNanos);
}
