package dev.jsm.mad.txn;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;

/**
 * Which unsolicited MADs a handler registered with {@link MadTransactions#onUnsolicited} receives: one management
 * class and request method, and one attribute or all of them. A filter naming the attribute wins over one for
 * {@link #ANY_ATTRIBUTE} of the same class and method.
 *
 * <p>Immutable; safe to share.
 *
 * @param mgmtClass management class, 0..255
 * @param method request method without the response bit, 0..127 (Trap 0x05, Get 0x01, Report 0x06, ...)
 * @param attributeId attribute ID 0..0xFFFF, or {@link #ANY_ATTRIBUTE}
 */
public record UnsolicitedFilter(int mgmtClass, int method, int attributeId) {

    /** Matches every attribute. */
    public static final int ANY_ATTRIBUTE = -1;

    /**
     * @throws IllegalArgumentException if a value is out of range or the method has the response bit
     */
    public UnsolicitedFilter {
        if (mgmtClass < 0 || mgmtClass > 0xFF || method < 0 || method >= Method.RESPONSE_BIT
                || attributeId < ANY_ATTRIBUTE || attributeId > 0xFFFF) {
            throw new IllegalArgumentException(String.format("bad unsolicited filter: class 0x%x, method 0x%x"
                    + " (a request method, below 0x80), attribute 0x%x", mgmtClass, method, attributeId));
        }
    }

    /** Every attribute of {@code method} requests in class {@code mgmtClass}. */
    public static UnsolicitedFilter of(MgmtClass mgmtClass, Method method) {
        return new UnsolicitedFilter(mgmtClass.value(), method.value(), ANY_ATTRIBUTE);
    }

    /** Only attribute {@code attribute} of {@code method} requests in class {@code mgmtClass}. */
    public static UnsolicitedFilter of(MgmtClass mgmtClass, Method method, AttributeId attribute) {
        return new UnsolicitedFilter(mgmtClass.value(), method.value(), attribute.value());
    }

    // equals and hashCode written out: a record's generated ones are linked through method handles at their first
    // call, and the first such link in a JVM costs the daemon's first sweep about 25 ms.
    @Override
    public boolean equals(Object o) {
        return o instanceof UnsolicitedFilter f && f.mgmtClass == mgmtClass && f.method == method
                && f.attributeId == attributeId;
    }

    @Override
    public int hashCode() {
        return (mgmtClass * 31 + method) * 31 + attributeId;
    }
}
