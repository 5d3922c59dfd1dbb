package dev.jsm.sa.query;

import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * The SA's dispatch table: maps each (attribute ID, method) pair the SA answers to its {@link SaHandler}, and decides
 * in one place what depends on the pair alone (docs/reference/opensm-behaviour.md#sa-rules):
 * <ul>
 *   <li>a pair not in the table is answered "method/attribute combination not supported" (MAD status 0x000C) when
 *       its method is one the SA takes requests with ({@code REQUEST_METHODS}), and not at all otherwise (OpenSM
 *       drops unknown methods, ERR 1A05);</li>
 *   <li>a pair listed as dropped gets no answer;</li>
 *   <li>a pair served through RMPP only (GetMulti of MultiPathRecord, dual-sided RMPP) is refused with
 *       ERR_REQ_INVALID when the request came as a single MAD (OpenSM ERR 4510);</li>
 *   <li>every Get a handler answers passes the one-record rule ({@code oneRecord}), whichever record it is;</li>
 *   <li>which requests are answered where they arrive, on the receive thread, rather than queued for the agent's
 *       thread ({@link #answersAtOnce}): Gets whose one record is read from the view alone and found without a
 *       scan (a PathRecord naming both ends, a PortInfoRecord or NodeRecord by LID). A storm of them then costs no
 *       hand-over between threads per request. Never a table: its RMPP transfer lives on the agent's thread.</li>
 * </ul>
 * Why a table: these decisions used to be if-chains spread over the agent and the query engine, each with its own
 * copy of the Get rule, so what the SA serves could only be learned by tracing them. Here it can be read, and
 * tested, at once; the rows are listed in {@link SaHandlers}. Which response method answers, and whether the
 * answer goes out through RMPP, stays with the agent: it depends on the method alone.
 *
 * <p>Immutable; thread-safe as far as its handlers are (the agent calls it on its own thread).
 */
public final class SaDispatch {

    /**
     * The methods the SA takes requests with: a pair of one of these that the table does not serve is answered
     * "not supported"; any other method is dropped.
     */
    static final Set<Integer> REQUEST_METHODS = Set.of(Method.GET.value(), Method.GET_TABLE.value(),
            Method.SET.value(), Method.DELETE.value(), Method.GET_MULTI.value(), Method.GET_TRACE_TABLE.value(),
            Method.REPORT.value());

    /** Attribute IDs looked up in an array (every standard SA attribute is below 0x100); others in a map. */
    private static final int ARRAY_ATTRIBUTES = 0x100;
    /** Request methods: the response bit clear. */
    private static final int METHODS = 0x80;

    private final Map<Pair, Route> routes;
    /**
     * The routes by attribute ID, then method ({@code null}: not listed): read once per request, so it is looked up
     * without a key object (a record's hash takes a method handle, slow before it is compiled).
     */
    private final Route[][] byAttribute = new Route[ARRAY_ATTRIBUTES][];
    private final Map<Integer, Route[]> byLargeAttribute = new HashMap<>();

    private SaDispatch(Builder b) {
        this.routes = Map.copyOf(b.routes);
        b.routes.forEach((pair, route) -> {
            if (pair.method() < 0 || pair.method() >= METHODS) {
                throw new IllegalArgumentException("not a request method: " + pair);
            }
            Route[] row = row(pair.attributeId());
            if (row == null) {
                row = new Route[METHODS];
                if (pair.attributeId() < ARRAY_ATTRIBUTES) {
                    byAttribute[pair.attributeId()] = row;
                } else {
                    byLargeAttribute.put(pair.attributeId(), row);
                }
            }
            row[pair.method()] = route;
        });
    }

    /** The routes of {@code attributeId} by method, or {@code null} when none is listed. */
    private Route[] row(int attributeId) {
        if (attributeId >= 0 && attributeId < ARRAY_ATTRIBUTES) {
            return byAttribute[attributeId];
        }
        return byLargeAttribute.isEmpty() ? null : byLargeAttribute.get(attributeId);
    }

    /**
     * Answers {@code request} by its pair's route.
     *
     * @param rmpp whether the request arrived through RMPP
     * @param nowNanos the agent's clock, for the handlers of records that expire
     * @return the answer; {@link SaAnswer#dropped()} when no response must be sent
     */
    public SaAnswer answer(SaView view, SaRequest request, boolean rmpp, long nowNanos) {
        Route route = route(request.attributeId(), request.method());
        return switch (route.action()) {
            case DROP -> SaAnswer.dropped();
            case REFUSE -> SaAnswer.error(MadStatus.METHOD_ATTR_UNSUPPORTED.value(), 0);
            case SERVE_THROUGH_RMPP -> rmpp ? serve(route.handler(), view, request, nowNanos)
                    : SaAnswer.error(SaStatus.REQ_INVALID, 0);
            case SERVE -> serve(route.handler(), view, request, nowNanos);
        };
    }

    /**
     * Whether a request of {@code attributeId} and {@code method} with {@code componentMask} may be answered on the
     * thread it arrived on: its row says so for that mask.
     */
    public boolean answersAtOnce(int attributeId, int method, long componentMask) {
        Route route = route(attributeId, method);
        return route.atOnce() != null && route.atOnce().test(componentMask);
    }

    /** What the table does with a pair. */
    Route route(int attributeId, int method) {
        Route[] row = row(attributeId);
        Route route = row != null && method >= 0 && method < METHODS ? row[method] : null;
        if (route == null) {
            return REQUEST_METHODS.contains(method) ? Route.REFUSE : Route.DROP;
        }
        return route;
    }

    /** The pairs listed, whether served or dropped. */
    Set<Pair> pairs() {
        return routes.keySet();
    }

    private static SaAnswer serve(SaHandler handler, SaView view, SaRequest request, long nowNanos) {
        SaAnswer a = handler.answer(view, request, nowNanos);
        return request.method() == Method.GET.value() ? oneRecord(a) : a;
    }

    /**
     * The Get rule: a SubnAdmGet is answered with exactly one record; none is ERR_NO_RECORDS, more than one
     * ERR_TOO_MANY_RECORDS (docs/reference/opensm-behaviour.md#sa-rules). Errors and drops pass unchanged.
     */
    private static SaAnswer oneRecord(SaAnswer a) {
        if (a.drop() || a.status() != SaStatus.OK || a.count() == 1) {
            return a;
        }
        return SaAnswer.error(a.count() == 0 ? SaStatus.NO_RECORDS : SaStatus.TOO_MANY_RECORDS, a.recordSize());
    }

    /** An (attribute ID, method) pair. */
    record Pair(int attributeId, int method) {
    }

    /** What the table does with a pair. */
    enum Action { SERVE, SERVE_THROUGH_RMPP, REFUSE, DROP }

    /**
     * One pair's route: an action and, for the two serving ones, the handler.
     *
     * @param action what to do
     * @param handler the handler ({@code null} for REFUSE and DROP)
     * @param atOnce the component masks whose requests may be answered where they arrive ({@code null}: none)
     */
    record Route(Action action, SaHandler handler, LongPredicate atOnce) {

        static final Route REFUSE = new Route(Action.REFUSE, null, null);
        static final Route DROP = new Route(Action.DROP, null, null);
    }

    /**
     * Collects the rows of a table; a pair may be listed once.
     *
     * <p>Not thread-safe; used once, by {@link SaHandlers}.
     */
    static final class Builder {

        private final Map<Pair, Route> routes = new HashMap<>();

        /** Get and GetTable of {@code attributeId}, both answered by {@code handler}. */
        Builder getAndGetTable(int attributeId, SaHandler handler) {
            return serve(attributeId, Method.GET, handler).serve(attributeId, Method.GET_TABLE, handler);
        }

        /** {@code method} of {@code attributeId}, answered by {@code handler}. */
        Builder serve(int attributeId, Method method, SaHandler handler) {
            return put(attributeId, method, new Route(Action.SERVE, handler, null));
        }

        /**
         * The requests of the listed pair ({@code attributeId}, {@code method}) whose component mask passes
         * {@code componentMask} are answered where they arrive ({@link #answersAtOnce}): the handler must then be
         * cheap for them and read the view alone.
         */
        Builder atOnceWhen(int attributeId, Method method, LongPredicate componentMask) {
            Pair pair = new Pair(attributeId, method.value());
            Route route = routes.get(pair);
            if (method != Method.GET || route == null || route.action() != Action.SERVE) {
                throw new IllegalStateException("not a Get served: " + method + " " + SaAttribute.name(attributeId));
            }
            routes.put(pair, new Route(route.action(), route.handler(), componentMask));
            return this;
        }

        /** {@code method} of {@code attributeId}, answered by {@code handler} when the request came through RMPP. */
        Builder serveThroughRmpp(int attributeId, Method method, SaHandler handler) {
            return put(attributeId, method, new Route(Action.SERVE_THROUGH_RMPP, handler, null));
        }

        /** {@code method} of {@code attributeId} gets no answer. */
        Builder drop(int attributeId, Method method) {
            return put(attributeId, method, Route.DROP);
        }

        SaDispatch build() {
            return new SaDispatch(this);
        }

        private Builder put(int attributeId, Method method, Route route) {
            if (routes.putIfAbsent(new Pair(attributeId, method.value()), route) != null) {
                throw new IllegalStateException("listed twice: " + method + " " + SaAttribute.name(attributeId));
            }
            return this;
        }
    }
}
