package dev.jsm.qos.tables;

import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.QosOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.VlArbBlock;
import java.util.List;

/**
 * The QoS programming settings of the whole SM, resolved from {@link SmOptions} once per heavy sweep: whether QoS is
 * on ({@code qos}), whether switches that support it get optimized SL2VL programming ({@code use_optimized_slvl}),
 * and one {@link QosPortConfig} per port class. Each class value falls back to the {@code qos_*} value, then to the
 * built-in default ({@code qos_build_config} in OpenSM's {@code osm_qos.c}):
 * <ul>
 *   <li>{@code max_vls}: the class value if &gt; 0, else the {@code qos_max_vls} value if &gt; 0, else 15;</li>
 *   <li>{@code high_limit}: the class value if &ge; 0, else {@code qos_high_limit} if &ge; 0, else 0;</li>
 *   <li>{@code vlarb_high}, {@code vlarb_low}, {@code sl2vl}: the class text if set, else the {@code qos_} text if
 *       set, else the built-in table.</li>
 * </ul>
 *
 * <p>Immutable; safe to share.
 *
 * @param enabled {@code qos}: program SL2VL and VLArb tables at all
 * @param useOptimizedSl2Vl {@code use_optimized_slvl}
 * @param ca settings for CA ports ({@code qos_ca_*})
 * @param router settings for router ports ({@code qos_rtr_*})
 * @param switchPort0 settings for an enhanced switch port 0 ({@code qos_sw0_*})
 * @param switchExternal settings for switch external ports ({@code qos_swe_*})
 */
public record QosConfig(boolean enabled, boolean useOptimizedSl2Vl, QosPortConfig ca, QosPortConfig router,
                        QosPortConfig switchPort0, QosPortConfig switchExternal) {

    /**
     * Resolves the settings from the options in effect.
     *
     * @param options the SM's options (their QoS list texts were checked by {@code conf} when read)
     * @return the settings
     * @throws IllegalArgumentException naming the option if a table text is malformed (only possible when a
     *     caller bypassed the option types' checks)
     */
    public static QosConfig from(SmOptions options) {
        return new QosConfig(options.qos(), options.get(MiscOptions.USE_OPTIMIZED_SLVL),
                resolve(options, QosOptions.CA), resolve(options, QosOptions.RTR),
                resolve(options, QosOptions.SW0), resolve(options, QosOptions.SWE));
    }

    private static QosPortConfig resolve(SmOptions o, QosOptions.PortClass c) {
        QosOptions.PortClass d = QosOptions.DEFAULT;
        long maxVls = o.get(c.maxVls) > 0 ? o.get(c.maxVls)
                : o.get(d.maxVls) > 0 ? o.get(d.maxVls) : QosPortConfig.DEFAULT_MAX_VLS;
        long highLimit = o.get(c.highLimit) >= 0 ? o.get(c.highLimit)
                : o.get(d.highLimit) >= 0 ? o.get(d.highLimit) : QosPortConfig.DEFAULT_HIGH_LIMIT;
        List<VlArbBlock> high = vlArb(o, c, d, true);
        List<VlArbBlock> low = vlArb(o, c, d, false);
        Sl2VlMap sl2Vl;
        if (o.get(c.sl2Vl) != null) {
            sl2Vl = QosListParser.sl2Vl(c.sl2Vl.name(), o.get(c.sl2Vl));
        } else if (o.get(d.sl2Vl) != null) {
            sl2Vl = QosListParser.sl2Vl(d.sl2Vl.name(), o.get(d.sl2Vl));
        } else {
            sl2Vl = QosListParser.sl2Vl("built-in sl2vl", QosPortConfig.DEFAULT_SL2VL);
        }
        return new QosPortConfig((int) maxVls, (int) highLimit, high, low, sl2Vl);
    }

    private static List<VlArbBlock> vlArb(SmOptions o, QosOptions.PortClass c, QosOptions.PortClass d,
            boolean high) {
        var own = high ? c.vlArbHigh : c.vlArbLow;
        var fallback = high ? d.vlArbHigh : d.vlArbLow;
        if (o.get(own) != null) {
            return QosListParser.vlArb(own.name(), o.get(own));
        }
        if (o.get(fallback) != null) {
            return QosListParser.vlArb(fallback.name(), o.get(fallback));
        }
        return high ? QosListParser.vlArb("built-in vlarb_high", QosPortConfig.DEFAULT_VLARB_HIGH)
                : QosListParser.vlArb("built-in vlarb_low", QosPortConfig.DEFAULT_VLARB_LOW);
    }
}
