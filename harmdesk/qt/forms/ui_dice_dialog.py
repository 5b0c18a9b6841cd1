# Compiled from ui/dice_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QGridLayout, QLabel, QSizePolicy, QVBoxLayout,
    QWidget)

class Ui_DiceDialog(object):
    def setupUi(self, DiceDialog):
        if not DiceDialog.objectName():
            DiceDialog.setObjectName(u"DiceDialog")
        DiceDialog.setMinimumSize(QSize(340, 0))
        self.mainLayout = QVBoxLayout(DiceDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.promptLabel = QLabel(DiceDialog)
        self.promptLabel.setObjectName(u"promptLabel")
        self.promptLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.promptLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.promptLabel)

        self.tagsLabel = QLabel(DiceDialog)
        self.tagsLabel.setObjectName(u"tagsLabel")
        self.tagsLabel.setWordWrap(True)
        self.tagsLabel.setTextFormat(Qt.PlainText)

        self.mainLayout.addWidget(self.tagsLabel)

        self.facesGrid = QGridLayout()
        self.facesGrid.setObjectName(u"facesGrid")

        self.mainLayout.addLayout(self.facesGrid)

        self.totalLabel = QLabel(DiceDialog)
        self.totalLabel.setObjectName(u"totalLabel")
        self.totalLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.totalLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.totalLabel)

        self.outcomeLabel = QLabel(DiceDialog)
        self.outcomeLabel.setObjectName(u"outcomeLabel")
        self.outcomeLabel.setWordWrap(True)
        self.outcomeLabel.setTextFormat(Qt.PlainText)
        font = QFont()
        font.setBold(True)
        self.outcomeLabel.setFont(font)

        self.mainLayout.addWidget(self.outcomeLabel)

        self.detailLabel = QLabel(DiceDialog)
        self.detailLabel.setObjectName(u"detailLabel")
        self.detailLabel.setWordWrap(True)
        self.detailLabel.setTextFormat(Qt.PlainText)
        self.detailLabel.setStyleSheet(u"color: palette(placeholder-text);")

        self.mainLayout.addWidget(self.detailLabel)

        self.messageLabel = QLabel(DiceDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(DiceDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(DiceDialog)
        self.buttonBox.accepted.connect(DiceDialog.accept)
        self.buttonBox.rejected.connect(DiceDialog.reject)

        QMetaObject.connectSlotsByName(DiceDialog)
    # setupUi

    def retranslateUi(self, DiceDialog):
        DiceDialog.setWindowTitle(QCoreApplication.translate("DiceDialog", u"Enter the dice", None))
#if QT_CONFIG(accessibility)
        DiceDialog.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Enter the faces you rolled", None))
#endif // QT_CONFIG(accessibility)
        self.promptLabel.setText(QCoreApplication.translate("DiceDialog", u"Enter the face each die shows.", None))
#if QT_CONFIG(accessibility)
        self.promptLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"What the roll is for", None))
#endif // QT_CONFIG(accessibility)
        self.tagsLabel.setText("")
#if QT_CONFIG(accessibility)
        self.tagsLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Tags and modifiers", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.tagsLabel.setToolTip(QCoreApplication.translate("DiceDialog", u"What the damage carries: piercing, tags, the ticked modifiers", None))
#endif // QT_CONFIG(tooltip)
        self.totalLabel.setText("")
#if QT_CONFIG(accessibility)
        self.totalLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Total of the roll", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.totalLabel.setToolTip(QCoreApplication.translate("DiceDialog", u"The total as the rules read the expression", None))
#endif // QT_CONFIG(tooltip)
        self.outcomeLabel.setText("")
#if QT_CONFIG(accessibility)
        self.outcomeLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"What it will do", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.outcomeLabel.setToolTip(QCoreApplication.translate("DiceDialog", u"What it will do to each character, as the rules work it out", None))
#endif // QT_CONFIG(tooltip)
        self.detailLabel.setText("")
#if QT_CONFIG(accessibility)
        self.detailLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"How the rules work it out", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.detailLabel.setToolTip(QCoreApplication.translate("DiceDialog", u"The rules' arithmetic, in their own words", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("DiceDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

