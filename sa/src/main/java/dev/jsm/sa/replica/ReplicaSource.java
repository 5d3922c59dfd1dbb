package dev.jsm.sa.replica;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;

/**
 * What a master's {@link ReplicaStream} reads from the SA's registries: everything (a snapshot), or the current
 * value of one key whose change it was told of ({@code null}: gone). Called on the SA agent's thread; the times
 * left of ServiceRecords count from the call.
 */
public interface ReplicaSource {

    /** Everything, now. */
    SaState export();

    /** Group {@code mgid} without its members, or {@code null}. */
    McastGroupState group(Gid mgid);

    /** Member {@code portGuid} of group {@code mgid}, or {@code null}. */
    McastMemberState member(Gid mgid, long portGuid);

    /** The ServiceRecord {@code rid} with the time its lease has left now, or {@code null}. */
    ServiceState service(ServiceRid rid);

    /** The subscription {@code key}, or {@code null}. */
    SubscriptionState subscription(SubscriptionKey key);
}
