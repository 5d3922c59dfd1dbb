/**
 * Congestion control (class 0x21, class version 2; IBA vol. 1, annex A10): the MAD layout of the class with its
 * CC_Key ({@link dev.jsm.mad.cc.CongestionControl}) and one record per attribute a congestion control manager reads
 * or writes - {@link dev.jsm.mad.cc.CongestionInfo}, {@link dev.jsm.mad.cc.CongestionKeyInfo},
 * {@link dev.jsm.mad.cc.CongestionLog}, {@link dev.jsm.mad.cc.SwitchCongestionSetting},
 * {@link dev.jsm.mad.cc.SwitchPortCongestionSetting}, {@link dev.jsm.mad.cc.CaCongestionSetting} and
 * {@link dev.jsm.mad.cc.CongestionControlTable}; ClassPortInfo is {@link dev.jsm.mad.codec.ClassPortInfoLayout}.
 * The facts, and where the sources disagree, are in {@code docs/congestion-control.md}. Immutable and thread-safe.
 */
package dev.jsm.mad.cc;
