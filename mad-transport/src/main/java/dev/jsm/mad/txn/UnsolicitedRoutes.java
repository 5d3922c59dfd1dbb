package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The unsolicited-MAD handlers by {@link UnsolicitedFilter}. Registrations are few and happen at start-up, lookups
 * happen per received MAD on the I/O thread: the table is a copy-on-write array scanned without locking or
 * allocating. Handlers run on their route's executor; one that throws is logged.
 *
 * <p>Thread-safe.
 */
final class UnsolicitedRoutes {

    private static final System.Logger LOG = System.getLogger(MadTransactions.class.getName());

    /** One registration. */
    record Route(UnsolicitedFilter filter, Executor executor, UnsolicitedHandler handler) {
    }

    private volatile Route[] routes = new Route[0];

    /**
     * Adds a route.
     *
     * @throws IllegalStateException if a handler is already registered for the same filter
     */
    synchronized void add(Route route) {
        for (Route r : routes) {
            if (r.filter().equals(route.filter())) {
                throw new IllegalStateException("a handler for " + route.filter() + " is already registered");
            }
        }
        Route[] grown = Arrays.copyOf(routes, routes.length + 1);
        grown[routes.length] = route;
        routes = grown;
    }

    /** The route for a MAD: the one naming its attribute, else the one for any attribute, else null. */
    Route find(int mgmtClass, int method, int attributeId) {
        Route any = null;
        for (Route r : routes) {
            UnsolicitedFilter f = r.filter();
            if (f.mgmtClass() == mgmtClass && f.method() == method) {
                if (f.attributeId() == attributeId) {
                    return r;
                }
                if (f.attributeId() == UnsolicitedFilter.ANY_ATTRIBUTE) {
                    any = r;
                }
            }
        }
        return any;
    }

    /** Hands a MAD to {@code route}'s handler on its executor; a handler's exception is logged, never rethrown. */
    void dispatch(Route route, MadAddress from, byte[] mad, int length) {
        try {
            route.executor().execute(() -> run(route, from, mad, length));
        } catch (RejectedExecutionException e) {
            LOG.log(System.Logger.Level.WARNING, "executor of {0} rejected a MAD: {1}", route.filter(),
                    e.getMessage());
        }
    }

    private static void run(Route route, MadAddress from, byte[] mad, int length) {
        try {
            route.handler().onMad(from, mad, length);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "handler for unsolicited " + route.filter() + " failed", e);
        }
    }
}
