package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The series names {@link ExportedMetrics} lets a query use, by family type. */
class ExportedMetricsTest {

    private static final String SCRAPE = """
            # HELP jsm_sweeps_total Sweeps
            # TYPE jsm_sweeps_total counter
            jsm_sweeps_total{kind="heavy",result="ok"} 1
            # HELP jsm_subnet_up Up
            # TYPE jsm_subnet_up gauge
            jsm_subnet_up 1
            # TYPE jvm_gc_collection_seconds summary
            jvm_gc_collection_seconds_count{gc="Copy"} 3
            jvm_gc_collection_seconds_sum{gc="Copy"} 0.010000
            # TYPE rpc_duration_seconds histogram
            rpc_duration_seconds_bucket{le="+Inf"} 2
            # TYPE jsm_perfmgr_port_errors_total counter
            stray_sample 5
            """;

    @Test
    void countersAndGaugesByTheirNameSummariesWithSumAndCountHistogramsWithBuckets() {
        ExportedMetrics m = ExportedMetrics.parse(SCRAPE);
        assertThat(m.exports("jsm_sweeps_total")).isTrue();
        assertThat(m.exports("jsm_sweeps")).as("the 0.0.4 counter's name has its _total").isFalse();
        assertThat(m.exports("jsm_subnet_up")).isTrue();
        assertThat(m.exports("jsm_subnet_up_total")).isFalse();
        assertThat(m.exports("jvm_gc_collection_seconds_count")).isTrue();
        assertThat(m.exports("jvm_gc_collection_seconds_sum")).isTrue();
        assertThat(m.exports("jvm_gc_collection_seconds_bucket")).as("a summary has no buckets").isFalse();
        assertThat(m.exports("rpc_duration_seconds_bucket")).isTrue();
        assertThat(m.exports("rpc_duration_seconds")).as("a histogram's series all have a suffix").isFalse();
        assertThat(m.exports("jsm_perfmgr_port_errors_total")).as("declared, no sample yet").isTrue();
        assertThat(m.samplesWithoutFamily()).containsExactly("stray_sample");
    }
}
