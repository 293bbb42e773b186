"""Which addresses count as one client, for limits by address."""

from __future__ import annotations

import ipaddress


def address_key(address: str) -> str:
    """The unit a limit by address applies to: an IPv4 address, or the /64 of an IPv6 one
    (one machine is given a whole /64, so its single addresses are free to it)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
