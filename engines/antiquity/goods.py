"""Costs and payments: which goods a cost may take, step by step, honouring "different" (D)
unless a manned Faculty of Philosophy lets the player ignore it."""

from __future__ import annotations

from typing import Any

from engines.antiquity.data import FOOD, LUXURY, catalog
from engines.core.state import State

Cost = dict[str, Any]


def zero_cost() -> Cost:
    return {"wood": 0, "stone": 0, "food": 0, "luxury": 0, "different": False}


def building_cost(state: State, kind: str) -> Cost:
    c = catalog(state)["by_building"][kind]["cost"]
    out = zero_cost()
    out.update(wood=c["wood"], stone=c["stone"], luxury=c["luxury"], different=c["different"])
    return out


def house_cost(state: State, number: int) -> Cost:
    h = catalog(state)["houses"][number - 1]
    out = zero_cost()
    out.update(food=h["food"], luxury=h["luxury"], different=h["different"])
    return out


def city_cost() -> Cost:
    return {"wood": 1, "stone": 1, "food": 1, "luxury": 2, "different": True}


def _category_ok(goods: dict[str, int], cat: tuple[str, ...], n: int, different: bool) -> bool:
    if n <= 0:
        return True
    if different:
        return sum(1 for g in cat if goods[g] > 0) >= n
    return sum(goods[g] for g in cat) >= n


def can_pay(goods: dict[str, int], cost: Cost, ignore_different: bool = False) -> bool:
    diff = cost["different"] and not ignore_different
    return (goods["wood"] >= cost["wood"] and goods["stone"] >= cost["stone"]
            and _category_ok(goods, FOOD, cost["food"], diff) and _category_ok(goods, LUXURY, cost["luxury"], diff))


def next_slot(cost: Cost, chosen: list[str]) -> str | None:
    """Which category the next chosen good pays: food first, then luxury; None when complete."""
    foods = sum(1 for g in chosen if g in FOOD)
    if foods < cost["food"]:
        return "food"
    lux = sum(1 for g in chosen if g in LUXURY)
    if lux < cost["luxury"]:
        return "luxury"
    return None


def choices(goods: dict[str, int], cost: Cost, chosen: list[str], ignore_different: bool = False) -> list[str]:
    """Goods that may pay the next slot while keeping the rest of the cost payable."""
    slot = next_slot(cost, chosen)
    if slot is None:
        return []
    cat = FOOD if slot == "food" else LUXURY
    diff = cost["different"] and not ignore_different
    out = []
    for g in cat:
        left = dict(goods)
        for x in chosen:
            left[x] -= 1
        if left[g] <= 0 or (diff and g in chosen):
            continue
        left[g] -= 1
        rest = dict(cost)
        rest["food"] = cost["food"] - sum(1 for x in [*chosen, g] if x in FOOD)
        rest["luxury"] = cost["luxury"] - sum(1 for x in [*chosen, g] if x in LUXURY)
        if diff:
            for x in [*chosen, g]:
                left[x] = 0
        if can_pay(left, rest, ignore_different):
            out.append(g)
    return out


def pay(goods: dict[str, int], cost: Cost, chosen: list[str]) -> None:
    goods["wood"] -= cost["wood"]
    goods["stone"] -= cost["stone"]
    for g in chosen:
        goods[g] -= 1
    if min(goods.values()) < 0:
        raise ValueError("payment overdrawn")


def forced(goods: dict[str, int], cost: Cost, chosen: list[str], ignore_different: bool = False) -> list[str] | None:
    """The complete payment when no real choice is left (one way to pay), else None."""
    out = list(chosen)
    for _ in range(12):
        ch = choices(goods, cost, out, ignore_different)
        if not ch:
            return out
        if len(ch) == 1:
            out.append(ch[0])
            continue
        slot = next_slot(cost, out)
        cat = FOOD if slot == "food" else LUXURY
        need = cost[slot] - sum(1 for g in out if g in cat)
        if cost["different"] and not ignore_different:
            types = [g for g in cat if goods[g] - out.count(g) > 0 and g not in out]
            if len(types) != need:
                return None
            out.extend(types)
        else:
            avail = [g for g in cat for _ in range(goods[g] - out.count(g))]
            if len(avail) != need:
                return None
            out.extend(avail)
    return out
