"""Carousel: manipulation rummy with knocking (rules.md §2). Work in progress: views and melds first."""

from games.carousel.melds import Meld, MeldKind, TableCard, card_value, hand_value, meld_problem
from games.carousel.views import CarouselView, GameEndSummary, HandSummary, Phase

__all__ = [
    "CarouselView",
    "GameEndSummary",
    "HandSummary",
    "Meld",
    "MeldKind",
    "Phase",
    "TableCard",
    "card_value",
    "hand_value",
    "meld_problem",
]
