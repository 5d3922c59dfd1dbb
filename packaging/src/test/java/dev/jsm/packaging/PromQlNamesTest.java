package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What {@link PromQlNames} takes for a metric name, and what it skips. */
class PromQlNamesTest {

    @Test
    void namesBeforeBracesAndRangesAndBareNamesAreMetrics() {
        assertThat(PromQlNames.of("rate(jsm_mads_sent_total{job=~\"jsm\"}[5m]) / jsm_fabric_nodes + up[1h:1m]"))
                .containsExactly("jsm_fabric_nodes", "jsm_mads_sent_total", "up");
        assertThat(PromQlNames.of("recorded:rule_name > 0")).containsExactly("recorded:rule_name");
    }

    @Test
    void labelMatchersStringsAndLabelListsAreNotMetrics() {
        assertThat(PromQlNames.of("sum by (instance, state) (jsm_sm_state{state=~\"MASTER|metric_like\"})"
                + " and on (instance, job) group_left (guid) jsm_remote_sm_state unless ignoring(kind) x"
                + " or sum without (result) (y) or label_replace(z, \"dst\", \"$1\", \"src\", \"(.*)\")"))
                .containsExactly("jsm_remote_sm_state", "jsm_sm_state", "x", "y", "z");
        assertThat(PromQlNames.of("count(a) BY (b) > bool 1 AND c offset 5m or d @ start()"))
                .containsExactly("a", "c", "d");
    }

    @Test
    void numbersDurationsCommentsAndGrafanaVariablesAreSkipped() {
        assertThat(PromQlNames.of("topk($topn, rate(a[$__rate_interval])) * 1e3 + 0x1f - .5 + b offset 1h30m"
                + " # c is a comment\n + ${var} + d{instance=~\"$instance\"}"))
                .containsExactly("a", "b", "d");
    }

    @Test
    void grafanasLabelValuesReadsTheSelectorButNotTheLabel() {
        assertThat(PromQlNames.of("label_values(jsm_sm_state{job=~\"$job\", x=\"a,b\"}, instance)"))
                .containsExactly("jsm_sm_state");
        assertThat(PromQlNames.of("label_values(job)")).isEmpty();
    }

    @Test
    void anUnknownFunctionOrAnUnclosedBracketIsRefused() {
        assertThatThrownBy(() -> PromQlNames.of("rates(a[5m])")).hasMessageContaining("not a PromQL function: rates(");
        assertThatThrownBy(() -> PromQlNames.of("sum(a{job=\"x\"")).hasMessageContaining("is not closed");
        assertThatThrownBy(() -> PromQlNames.of("a{job=\"x}")).hasMessageContaining("not closed");
    }
}
