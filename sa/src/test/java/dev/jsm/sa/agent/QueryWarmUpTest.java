package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * {@link QueryWarmUp}'s requests (SA Gets of the records the storm asks, from ports of the fabric, answered into
 * three sink classes in turn) and its pace: back to back up to {@link QueryWarmUp#REQUESTS}, then one slice per
 * {@link QueryWarmUp#PACE_NANOS}, never more than {@link QueryWarmUp#MAX_REQUESTS}.
 */
class QueryWarmUpTest {

    @Test
    void asksGetsOfTheStormsRecordsIntoThreeSinks() {
        QueryWarmUp w = QueryWarmUp.of(SaViews.small().snapshot(), new LongAdder());
        assertThat(w).isNotNull();
        Map<Integer, Integer> byAttribute = new HashMap<>();
        Set<Class<?>> sinks = new HashSet<>();
        w.slice((from, mad, sink) -> {
            assertThat(MadHeader.MGMT_CLASS.getInt(mad, 0)).isEqualTo(MgmtClass.SUBN_ADM.value());
            assertThat(MadHeader.METHOD.getInt(mad, 0)).isEqualTo(Method.GET.value());
            assertThat(from.lid()).isPositive();
            byAttribute.merge(MadHeader.ATTRIBUTE_ID.getInt(mad, 0), 1, Integer::sum);
            sinks.add(sink.getClass());
        }, 0);
        assertThat(w.done()).isEqualTo(QueryWarmUp.SLICE);
        int eighths = 0;
        for (int i = 0; i < QueryWarmUp.SLICE; i++) {
            eighths += i % 8 == 7 ? 1 : 0;
        }
        assertThat(byAttribute.get(SaAttribute.PATH_RECORD)).as("7 in 8").isEqualTo(QueryWarmUp.SLICE - eighths);
        assertThat(byAttribute).containsOnlyKeys(SaAttribute.PATH_RECORD, SaAttribute.PORT_INFO_RECORD,
                SaAttribute.NODE_RECORD);
        assertThat(sinks).as("three classes: no call site sees only one").hasSize(3)
                .allMatch(MadChannel.class::isAssignableFrom);
    }

    @Test
    void backToBackThenPacedThenOverAtTheMost() {
        QueryWarmUp w = QueryWarmUp.of(SaViews.small().snapshot(), new LongAdder());
        long now = 1_000;
        while (w.done() < QueryWarmUp.REQUESTS) {
            assertThat(w.paced()).isFalse();
            assertThat(w.finished()).isFalse();
            w.slice((from, mad, sink) -> { }, now);
        }
        assertThat(w.paced()).isTrue();
        assertThat(w.nextSliceNanos()).isEqualTo(now + QueryWarmUp.PACE_NANOS);
        while (!w.finished()) {
            now += QueryWarmUp.PACE_NANOS;
            w.slice((from, mad, sink) -> { }, now);
        }
        assertThat(w.done()).isLessThanOrEqualTo(QueryWarmUp.MAX_REQUESTS);
    }

    @Test
    void noWarmUpWithFewerThanTwoPorts() {
        assertThat(QueryWarmUp.of(SaView.empty(SaSettings.defaults()).snapshot(), new LongAdder())).isNull();
    }
}
