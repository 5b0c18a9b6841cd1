# Compiled from ui/encounter_bar.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QFrame, QHBoxLayout,
    QLabel, QListView, QSizePolicy, QToolButton,
    QWidget)

class Ui_EncounterBar(object):
    def setupUi(self, EncounterBar):
        if not EncounterBar.objectName():
            EncounterBar.setObjectName(u"EncounterBar")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        sizePolicy.setHorizontalStretch(0)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(EncounterBar.sizePolicy().hasHeightForWidth())
        EncounterBar.setSizePolicy(sizePolicy)
        self.barLayout = QHBoxLayout(EncounterBar)
        self.barLayout.setSpacing(8)
        self.barLayout.setObjectName(u"barLayout")
        self.barLayout.setContentsMargins(6, 2, 6, 2)
        self.roundLabel = QLabel(EncounterBar)
        self.roundLabel.setObjectName(u"roundLabel")
        self.roundLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.barLayout.addWidget(self.roundLabel)

        self.order = QListView(EncounterBar)
        self.order.setObjectName(u"order")
        sizePolicy1 = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        sizePolicy1.setHorizontalStretch(1)
        sizePolicy1.setVerticalStretch(0)
        sizePolicy1.setHeightForWidth(self.order.sizePolicy().hasHeightForWidth())
        self.order.setSizePolicy(sizePolicy1)
        self.order.setFrameShape(QFrame.Shape.NoFrame)
        self.order.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.order.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.order.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.order.setDragEnabled(True)
        self.order.setDragDropOverwriteMode(False)
        self.order.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.order.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.order.setProperty(u"showDropIndicator", True)
        self.order.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.order.setFlow(QListView.Flow.LeftToRight)
        self.order.setProperty(u"isWrapping", False)
        self.order.setSpacing(3)
        self.order.setUniformItemSizes(False)

        self.barLayout.addWidget(self.order)

        self.startButton = QToolButton(EncounterBar)
        self.startButton.setObjectName(u"startButton")
        self.startButton.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.barLayout.addWidget(self.startButton)

        self.nextButton = QToolButton(EncounterBar)
        self.nextButton.setObjectName(u"nextButton")
        self.nextButton.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.barLayout.addWidget(self.nextButton)

        self.endButton = QToolButton(EncounterBar)
        self.endButton.setObjectName(u"endButton")
        self.endButton.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.barLayout.addWidget(self.endButton)


        self.retranslateUi(EncounterBar)

        QMetaObject.connectSlotsByName(EncounterBar)
    # setupUi

    def retranslateUi(self, EncounterBar):
#if QT_CONFIG(accessibility)
        EncounterBar.setAccessibleName(QCoreApplication.translate("EncounterBar", u"Encounter", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(accessibility)
        self.roundLabel.setAccessibleName(QCoreApplication.translate("EncounterBar", u"Round and turn", None))
#endif // QT_CONFIG(accessibility)
        self.roundLabel.setText(QCoreApplication.translate("EncounterBar", u"No encounter", None))
#if QT_CONFIG(accessibility)
        self.order.setAccessibleName(QCoreApplication.translate("EncounterBar", u"Order of the encounter", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.order.setToolTip(QCoreApplication.translate("EncounterBar", u"Drag a character, or press Ctrl+Left or Ctrl+Right, to change the order", None))
#endif // QT_CONFIG(tooltip)
    # retranslateUi

