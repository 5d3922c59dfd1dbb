package dev.jsm.routing.sssp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import org.junit.jupiter.api.Test;

class VlBudgetTest {

    @Test
    void defaultsToFifteenVlsWhenNothingLimitsThem() {
        assertThat(VlBudget.of(0, EngineOptions.defaults())).isEqualTo(new VlBudget(15, "max_op_vls 5"));
    }

    @Test
    void theSmallestOfVlCapMaxOpVlsAndQosMaxVlsWins() {
        EngineOptions opVls3 = EngineOptions.defaults().with(EngineOptions.MAX_OP_VLS, "3");

        assertThat(VlBudget.of(8, EngineOptions.defaults()).vls()).isEqualTo(8);
        assertThat(VlBudget.of(8, EngineOptions.defaults()).source()).isEqualTo("the VLCap of the switch links");
        assertThat(VlBudget.of(8, opVls3)).isEqualTo(new VlBudget(4, "max_op_vls 3"));
        assertThat(VlBudget.of(2, opVls3).vls()).isEqualTo(2);
        assertThat(VlBudget.of(8, opVls3.with(VlBudget.QOS_MAX_VLS, "3"))).isEqualTo(new VlBudget(3, "qos_max_vls 3"));
        assertThat(VlBudget.of(8, opVls3.with(VlBudget.QOS_MAX_VLS, "0")).vls()).isEqualTo(4);
    }

    @Test
    void rejectsOutOfRangeOptionsNamingThem() {
        EngineOptions six = EngineOptions.defaults().with(EngineOptions.MAX_OP_VLS, "6");
        assertThatThrownBy(() -> new DfssspEngineFactory().create(six))
                .hasMessage("option max_op_vls: expected 1-5, found 6");
        assertThatThrownBy(() -> VlBudget.of(0, EngineOptions.defaults().with(VlBudget.QOS_MAX_VLS, "16")))
                .hasMessage("option qos_max_vls: expected 0-15, found 16");
    }
}
