/**
 * Subnet management attributes (IBA 14.2.5) as immutable records, one class per attribute, each driven by one
 * {@link dev.jsm.mad.codec.Layout} in spec bit coordinates that decode, encode and the dump share.
 *
 * <p>Scalar attributes ({@link dev.jsm.mad.smp.NodeInfo}, {@link dev.jsm.mad.smp.PortInfo},
 * {@link dev.jsm.mad.smp.SwitchInfo}, {@link dev.jsm.mad.smp.SmInfo}, {@link dev.jsm.mad.smp.Notice}, ...) hold one
 * component per field; table attributes ({@link dev.jsm.mad.smp.LinearForwardingTable},
 * {@link dev.jsm.mad.smp.PKeyTable}, ...) hold one primitive array per block plus static helpers for their
 * attribute-modifier encodings. {@link dev.jsm.mad.smp.SmpAttributes} lists every codec.
 *
 * <p>Golden tests decode bytes captured from Debian's ibsim and OpenSM ({@code scripts/capture-golden.sh}).
 */
package dev.jsm.mad.smp;
